import { useTranslation } from 'react-i18next';
import { lostStageId, wonStageId, type Stage } from '@lodestar/contract';
import { useStageTypes } from '../sales-stages.api.ts';

/** Won (1000) and lost (-9999) are fixed choices named in the user's language; workspace stages by their title. */
export function useStageLabel() {
  const { t } = useTranslation('deals');
  return (stage: Pick<Stage, 'id' | 'label'>): string => {
    if (stage.id === wonStageId) return t('stages.won');
    if (stage.id === lostStageId) return t('stages.lost');
    return stage.label;
  };
}

export function StageLabel({ stage }: { stage: Pick<Stage, 'id' | 'label'> }) {
  const labelOf = useStageLabel();
  return <>{labelOf(stage)}</>;
}

/** A stage id → its name, across the workspace's stage types (list rows and picker rows carry only the id). */
export function useStageName(orgId: string) {
  const types = useStageTypes(orgId);
  const labelOf = useStageLabel();
  return (id: number): string => {
    if (id === wonStageId || id === lostStageId) return labelOf({ id, label: '' });
    return types.data?.items.flatMap((type) => type.stages).find((stage) => stage.id === id)?.label ?? '';
  };
}
