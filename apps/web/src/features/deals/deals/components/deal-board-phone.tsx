import { useRef, type TouchEvent } from 'react';
import { Button, Dropdown } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DealBoardColumn, DealRow, Stage } from '@lodestar/contract';
import { useStageLabel } from './stage-label.tsx';

/**
 * A deal's stage changed from a menu, without dragging (WCAG 2.5.7; issue 29): on every card, on a desktop too, and
 * the only way at phone width, where the board shows one column at a time.
 */
export function ChangeStageMenu({ deal, stages, onMove }: { deal: DealRow; stages: Stage[]; onMove: (deal: DealRow, to: Stage) => void }) {
  const { t } = useTranslation('deals');
  const labelOf = useStageLabel();
  const items = stages.map((stage) => ({ key: String(stage.id), label: labelOf(stage), disabled: stage.id === deal.stage }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [String(deal.stage)],
        onClick: ({ key }) => {
          const stage = stages.find((candidate) => String(candidate.id) === key);
          if (stage && stage.id !== deal.stage) onMove(deal, stage);
        },
      }}
    >
      <Button type="text" className="deal-card__change-stage" icon={<SwapOutlined aria-hidden="true" />} aria-label={t('board.changeStageOf', { name: deal.title })} data-testid="deal-change-stage">
        {t('board.changeStage')}
      </Button>
    </Dropdown>
  );
}

/**
 * Which column the board shows at phone width (app/phone.css hides the others there): one chip per stage with its
 * count, the chosen one pressed. Hidden on wider screens, where every column is on screen.
 */
export function StagePicker({ columns, current, onChoose }: { columns: DealBoardColumn[]; current: number | null; onChoose: (stage: number) => void }) {
  const { t } = useTranslation('deals');
  const labelOf = useStageLabel();
  return (
    <div className="deal-stage-picker" role="group" aria-label={t('board.stagePicker')} data-testid="deal-stage-picker">
      {columns.map((column) => (
        <button
          key={column.stage.id}
          type="button"
          className="deal-stage-picker__chip"
          aria-pressed={column.stage.id === current}
          onClick={() => onChoose(column.stage.id)}
        >
          {/* The name read aloud is the visible one plus the count in words (WCAG 2.5.3: visible label in the name). */}
          <span>{labelOf(column.stage)}</span>
          <span className="deal-stage-picker__count" aria-hidden="true">
            {column.count}
          </span>
          <span className="sr-only">{t('board.stageCount', { count: String(column.count) })}</span>
        </button>
      ))}
    </div>
  );
}

/** A horizontal swipe on the board (a short one across, not a scroll) steps to the previous or next stage. */
export function useStageSwipe(columns: DealBoardColumn[], current: number | null, onChoose: (stage: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const dx = touch.clientX - from.x;
      if (Math.abs(dx) < 60 || Math.abs(touch.clientY - from.y) > Math.abs(dx) / 2) return;
      const index = columns.findIndex((column) => column.stage.id === current);
      const next = columns[index + (dx < 0 ? 1 : -1)];
      if (next) onChoose(next.stage.id);
    },
  };
}
