import { Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { lostStageId, wonStageId } from '@lodestar/contract';
import { useStageLabel } from './stage-label.tsx';

/**
 * A deal's stage as a tag, won and lost in their own colours (green with a tick, red with a cross) so a closed deal
 * never reads like one more stage (issue 30). The list, the board and the deal page use it; the colour is never the
 * only sign: the label and the icon say it too.
 */
export function DealStageBadge({ stage, label = '' }: { stage: number; label?: string }) {
  const labelOf = useStageLabel();
  const text = labelOf({ id: stage, label });
  if (stage === wonStageId)
    return (
      <Tag className="deal-stage-badge deal-stage-badge--won" icon={<CheckCircleFilled aria-hidden="true" />} data-testid="deal-stage-badge" data-stage="won">
        {text}
      </Tag>
    );
  if (stage === lostStageId)
    return (
      <Tag className="deal-stage-badge deal-stage-badge--lost" icon={<CloseCircleFilled aria-hidden="true" />} data-testid="deal-stage-badge" data-stage="lost">
        {text}
      </Tag>
    );
  return (
    <Tag className="deal-stage-badge" data-testid="deal-stage-badge" data-stage="open">
      {text}
    </Tag>
  );
}
