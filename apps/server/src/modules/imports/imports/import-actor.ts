import { importRunsWorkflowsByDefault } from '@lodestar/contract';
import type { ImportRow } from './imports.repository.ts';

/** The "run workflows" switch as it stands (issue 35): chosen on the check step, or the default by the file's size. */
export function runsWorkflows(imp: Pick<ImportRow, 'runWorkflows' | 'totalRows'>): boolean {
  return imp.runWorkflows ?? importRunsWorkflowsByDefault(imp.totalRows);
}

/**
 * Who an import's (and its undo's) writes are by in the outbox: `import:<id>`, with `:quiet` when the switch is off —
 * the event still happens (history, webhooks), only automation's consumer skips it (workflows.match.ts).
 */
export function importActor(imp: Pick<ImportRow, 'id' | 'runWorkflows' | 'totalRows'>): string {
  return runsWorkflows(imp) ? `import:${imp.id}` : `import:${imp.id}:quiet`;
}
