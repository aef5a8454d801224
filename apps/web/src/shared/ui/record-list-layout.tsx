import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EmptyState } from './query-state.tsx';
import { PanelCard } from './panel-card.tsx';

/** A record list page: a side panel (tag view; none on a phone, where the filters hold it) and the list card with its title and create button. */
export function RecordListLayout({ side, title, createLabel, onCreate, children }: { side: ReactNode; title: string; createLabel: string; onCreate?: () => void; children: ReactNode }) {
  return (
    <div className="record-layout">
      {side ? <aside className="record-layout__side">{side}</aside> : null}
      <PanelCard
        className="record-layout__main"
        title={<h1 className="card-title">{title}</h1>}
        extra={
          onCreate ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={onCreate}>
              {createLabel}
            </Button>
          ) : null
        }
      >
        {children}
      </PanelCard>
    </div>
  );
}

/** The line above a list: what is shown (announced politely) and the bulk actions for the selection. */
export function ListStatus({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="list-status">
      <span aria-live="polite">{text}</span>
      <Space size={8} wrap>
        {children}
      </Space>
    </div>
  );
}

export function BulkDeleteButton({ label, count, onClick }: { label: string; count: number; onClick: () => void }) {
  return (
    <Button danger size="small" icon={<DeleteOutlined aria-hidden="true" />} onClick={onClick}>
      {label} ({count})
    </Button>
  );
}

/** An empty list says what to do next: clear the filters, or create the first record. */
export function ListEmptyState(props: { filtered: boolean; filteredText: string; emptyText: string; clearLabel: string; onClear: () => void; createLabel: string; onCreate?: () => void }) {
  const { filtered, filteredText, emptyText, clearLabel, onClear, createLabel, onCreate } = props;
  return (
    <EmptyState
      description={filtered ? filteredText : emptyText}
      action={
        filtered ? (
          <Button onClick={onClear}>{clearLabel}</Button>
        ) : onCreate ? (
          <Button type="primary" onClick={onCreate}>
            {createLabel}
          </Button>
        ) : null
      }
    />
  );
}
