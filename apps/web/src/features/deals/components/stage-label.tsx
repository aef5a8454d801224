import { useTranslation } from 'react-i18next';
import { lostStageId, wonStageId, type Stage } from '@lodestar/contract';

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
