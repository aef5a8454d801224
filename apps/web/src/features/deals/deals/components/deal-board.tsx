import { useEffect, useRef, useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { HolderOutlined, WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { isClosedStage, type DealBoardColumn, type DealRow, type Stage } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { ChangeStageMenu, StagePicker, useStageSwipe } from './deal-board-phone.tsx';
import { StageLabel, useStageLabel } from './stage-label.tsx';
import { DealStageBadge } from './deal-stage-badge.tsx';

interface DealBoardProps {
  orgId: string;
  columns: DealBoardColumn[];
  canMove: boolean;
  onMove: (deal: DealRow, to: Stage) => void;
  onLoadMore: (column: DealBoardColumn) => void;
  loadingStage: number | null;
}

function CardBody({ orgId, deal, asLink = true }: { orgId: string; deal: DealRow; asLink?: boolean }) {
  const { t } = useTranslation('deals');
  return (
    <>
      {asLink ? (
        <Link to={`/${orgId}/deal/detail/${deal.id}`} className="deal-card__title">
          {deal.title}
        </Link>
      ) : (
        <span className="deal-card__title">{deal.title}</span>
      )}
      <div className="deal-card__amount">{formatMoney(deal.amount)}</div>
      <div className="deal-card__meta">{[deal.company?.name, deal.contact?.name].filter(Boolean).join(' · ')}</div>
      <div className="deal-card__footer">
        <span>{t('card.estimate', { date: deal.estimateDate })}</span>
        <span>{deal.owner?.name ?? ''}</span>
      </div>
      {deal.isStalled ? (
        <Tag color="warning" icon={<WarningOutlined aria-hidden="true" />} className="deal-card__stalled">
          {t('stalled', { count: deal.stalledDays })}
        </Tag>
      ) : null}
    </>
  );
}

interface Mover {
  stages: Stage[];
  onMove: (deal: DealRow, to: Stage) => void;
}

function DealCard({ orgId, deal, mover }: { orgId: string; deal: DealRow; mover: Mover | null }) {
  const canMove = mover !== null;
  const { t } = useTranslation('deals');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: deal.id,
    data: { deal },
    disabled: !canMove,
  });
  return (
    <li
      ref={setNodeRef}
      className={`deal-card${deal.isStalled ? ' deal-card--stalled' : ''}${isDragging ? ' deal-card--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      data-testid="deal-card"
      data-deal-id={deal.id}
    >
      {canMove ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="deal-card__handle"
          aria-label={t('board.move', { name: deal.title })}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined aria-hidden="true" />
        </button>
      ) : null}
      <CardBody orgId={orgId} deal={deal} />
      {mover ? <ChangeStageMenu deal={deal} stages={mover.stages} onMove={mover.onMove} /> : null}
    </li>
  );
}

/** Asks for the next cards once the end of a column scrolls into view (columns load lazily). */
function useEndReached(onReached: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onReached);
  latest.current = onReached;
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

function BoardColumn({ orgId, column, mover, isCurrent, loading, onLoadMore }: { orgId: string; column: DealBoardColumn; mover: Mover | null; isCurrent: boolean; loading: boolean; onLoadMore: () => void }) {
  const canMove = mover !== null;
  const { t } = useTranslation('deals');
  const { setNodeRef, isOver } = useDroppable({ id: `stage:${column.stage.id}`, data: { stage: column.stage } });
  const hasMore = Boolean(column.nextCursor);
  const endRef = useEndReached(() => {
    if (!loading) onLoadMore();
  }, hasMore);
  const headingId = `deal-column-${column.stage.id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`deal-column deal-column--${column.stage.category}${isOver ? ' deal-column--over' : ''}${isCurrent ? ' deal-column--current' : ''}`}
      data-testid="deal-column"
      data-stage-id={column.stage.id}
    >
      <header className="deal-column__header">
        <h2 id={headingId} className="deal-column__title">
          {isClosedStage(column.stage.id) ? <DealStageBadge stage={column.stage.id} /> : <StageLabel stage={column.stage} />}
        </h2>
        <Tooltip title={t('fields.closingRate')}>
          <span className="deal-column__rate">{t('percent', { value: column.stage.closingRate })}</span>
        </Tooltip>
        <p className="deal-column__totals" data-testid="deal-column-totals">
          <span className="deal-column__total">{formatMoney(column.total)}</span>
          <span className="deal-column__count">{t('board.count', { count: column.count })}</span>
          {/* Won counts at 100 % and lost at 0 %: their weighted amount would only repeat the total or say $0. */}
          {column.stage.category === 'inProgress' ? (
            <Tooltip title={t('board.weightedHint')}>
              <span className="deal-column__weighted">{t('board.weighted', { amount: formatMoney(column.weightedTotal) })}</span>
            </Tooltip>
          ) : null}
        </p>
      </header>
      <ul className="deal-column__cards">
        {column.items.map((deal) => (
          <DealCard key={deal.id} orgId={orgId} deal={deal} mover={mover} />
        ))}
      </ul>
      {column.items.length === 0 ? <p className="deal-column__empty">{canMove ? t('board.emptyColumn') : t('board.emptyColumnReadOnly')}</p> : null}
      {hasMore ? (
        <div ref={endRef} className="deal-column__more">
          <Button size="small" type="link" loading={loading} onClick={onLoadMore}>
            {t('board.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Keyboard moves jump a whole column: left and right arrows put the lifted card over the previous or
 * next stage (the default sensor moves 25 px a press, about ten presses per column).
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context: { droppableRects, collisionRect, over } }) => {
  if (!collisionRect || (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft')) return undefined;
  event.preventDefault();
  const columns = [...droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  const current = over ? columns.findIndex(([id]) => id === over.id) : columns.findIndex(([, rect]) => centre >= rect.left && centre <= rect.left + rect.width);
  const target = columns[Math.min(columns.length - 1, Math.max(0, current + (event.code === 'ArrowRight' ? 1 : -1)))]?.[1];
  if (!target) return undefined;
  return { x: target.left + (target.width - collisionRect.width) / 2, y: target.top + 48 };
};

// The pointer decides the column (columns are tall and narrow); the keyboard sensor has no pointer, so fall back to rectangles.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/**
 * The pipeline board: one column per stage choice (the workspace stages, then won and lost). A card is
 * dragged by its handle (mouse, touch or keyboard: space, arrows, space) to another column, or moved with its
 * "change stage" menu. At phone width one column shows at a time, chosen with the stage picker or a swipe.
 */
export function DealBoard({ orgId, columns, canMove, onMove, onLoadMore, loadingStage }: DealBoardProps) {
  const { t } = useTranslation('deals');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }));
  const [active, setActive] = useState<DealRow | null>(null);
  const [chosenStage, setChosenStage] = useState<number | null>(null);
  // The chosen column while it exists (a stage type switch replaces them), else the first with deals.
  const currentStage = columns.some((column) => column.stage.id === chosenStage)
    ? chosenStage
    : ((columns.find((column) => column.items.length > 0) ?? columns[0])?.stage.id ?? null);
  const swipe = useStageSwipe(columns, currentStage, setChosenStage);
  const mover: Mover | null = canMove ? { stages: columns.map((column) => column.stage), onMove } : null;

  const onDragStart = (event: DragStartEvent) => setActive((event.active.data.current as { deal: DealRow }).deal);
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const deal = (event.active.data.current as { deal: DealRow } | undefined)?.deal;
    const stage = (event.over?.data.current as { stage: Stage } | undefined)?.stage;
    if (deal && stage && stage.id !== deal.stage) onMove(deal, stage);
  };
  const labelOf = useStageLabel();
  const stageName = (id: unknown) => {
    const stage = columns.find((column) => `stage:${column.stage.id}` === id)?.stage;
    return stage ? labelOf(stage) : '';
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('board.instructions') },
        announcements: {
          onDragStart: ({ active: item }) => t('board.picked', { name: (item.data.current as { deal: DealRow }).deal.title }),
          onDragOver: ({ over }) => (over ? t('board.over', { stage: stageName(over.id) }) : undefined),
          onDragEnd: ({ over }) => (over ? t('board.dropped', { stage: stageName(over.id) }) : t('board.cancelled')),
          onDragCancel: () => t('board.cancelled'),
        },
      }}
    >
      {/* Focusable: the columns scroll sideways, and an empty board has nothing else a keyboard can scroll with (axe scrollable-region-focusable). */}
      <StagePicker columns={columns} current={currentStage} onChoose={setChosenStage} />
      <div className="deal-board" role="group" aria-label={t('board.label')} tabIndex={0} {...swipe}>
        {columns.map((column) => (
          <BoardColumn
            key={column.stage.id}
            orgId={orgId}
            column={column}
            mover={mover}
            isCurrent={column.stage.id === currentStage}
            loading={loadingStage === column.stage.id}
            onLoadMore={() => onLoadMore(column)}
          />
        ))}
      </div>
      <DragOverlay>
        {active ? (
          <div className="deal-card deal-card--overlay" aria-hidden="true">
            <CardBody orgId={orgId} deal={active} asLink={false} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
