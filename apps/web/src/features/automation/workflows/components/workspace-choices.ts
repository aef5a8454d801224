/** What the builder offers from the workspace: its stages, contact tags and members (loaded by the page). */
export interface WorkspaceChoices {
  stages: { value: number; label: string; alertNotice: number | null }[];
  tags: { value: string; label: string }[];
  members: { value: string; label: string }[];
  /** Mail templates (the e-mail step). */
  templates: { value: string; label: string }[];
}

export function stageLabel(choices: WorkspaceChoices, stage: unknown): string {
  return choices.stages.find((s) => String(s.value) === String(stage))?.label ?? String(stage ?? '');
}

export function memberLabel(choices: WorkspaceChoices, userId: unknown): string {
  return choices.members.find((m) => m.value === userId)?.label ?? '—';
}

export function templateLabel(choices: WorkspaceChoices, id: unknown): string {
  return choices.templates.find((m) => m.value === id)?.label ?? '—';
}

export function tagLabel(choices: WorkspaceChoices, tagId: unknown): string {
  return choices.tags.find((m) => m.value === tagId)?.label ?? '—';
}
