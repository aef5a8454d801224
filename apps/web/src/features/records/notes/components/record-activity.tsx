import { useState } from 'react';
import { Button, Form, Input, List, Tabs, Timeline, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import type { Note, RecordEntityType, TimelineEvent } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useAddNote, useDeleteNote, useNotes, useTimeline } from '../notes.api.ts';

interface RecordActivityProps {
  orgId: string;
  entityType: RecordEntityType;
  entityId: string;
  canWrite: boolean;
  /** Field names in the timeline ("changed phones, tags") in the record's own words. */
  fieldLabel: (field: string) => string;
  /** A stored value in the record's own words (a deal's stage id → the stage's name). */
  valueLabel?: (field: string, value: unknown) => string;
  /** From the detail page's view call. */
  initialNotes?: Note[];
  initialTimeline?: TimelineEvent[];
}

function NotesPanel({ orgId, entityType, entityId, canWrite, initialNotes }: Omit<RecordActivityProps, 'fieldLabel'>) {
  const { t } = useTranslation('notes');
  const confirmDelete = useConfirmDelete();
  const notes = useNotes(orgId, entityType, entityId, initialNotes);
  const add = useAddNote(orgId, entityType, entityId, t('added'));
  const remove = useDeleteNote(orgId, entityType, entityId, t('deleted'));
  const [content, setContent] = useState('');
  return (
    <>
      {canWrite ? (
        <Form
          layout="vertical"
          onFinish={async () => {
            await add.mutateAsync(content.trim());
            setContent('');
          }}
        >
          <Form.Item label={t('label')} htmlFor={`note-${entityId}`}>
            <Input.TextArea id={`note-${entityId}`} value={content} onChange={(event) => setContent(event.target.value)} autoSize={{ minRows: 2, maxRows: 8 }} maxLength={10_000} placeholder={t('placeholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!content.trim()} loading={add.isPending}>
            {t('add')}
          </Button>
        </Form>
      ) : null}
      {notes.isLoading ? <LoadingState /> : null}
      {notes.isError ? <ErrorState error={notes.error} onRetry={() => void notes.refetch()} /> : null}
      {notes.data ? (
        <List
          className="notes-list"
          dataSource={notes.data}
          locale={{ emptyText: canWrite ? t('empty') : t('emptyReadOnly') }}
          renderItem={(note) => (
            <List.Item
              actions={
                canWrite
                  ? [
                      <Button
                        key="delete"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden="true" />}
                        aria-label={t('delete')}
                        onClick={() =>
                          confirmDelete({
                            title: t('deleteTitle'),
                            onOk: () => remove.mutateAsync(note.id),
                          })
                        }
                      />,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <span className="note-meta">
                    {note.author?.name ?? t('someone')} · {formatDateTime(note.createdAt)}
                  </span>
                }
                // Notes are rendered as text, never as HTML (XSS-safe by React's escaping).
                description={<Typography.Paragraph className="note-content">{note.content}</Typography.Paragraph>}
              />
            </List.Item>
          )}
        />
      ) : null}
    </>
  );
}

/** Stored column names in the timeline → the form's field names. */
const fieldAliases: Record<string, string> = {
  avatarFileId: 'avatar',
  companyId: 'company',
  clientId: 'client',
  ownerUserId: 'owner',
  tagIds: 'tags',
  isImportant: 'important',
};

function describe(
  event: TimelineEvent,
  t: (key: string, options?: Record<string, unknown>) => string,
  fieldLabel: (field: string) => string,
  valueLabel: (field: string, value: unknown) => string = (_field, value) => String(value ?? ''),
): string {
  const who = event.actor?.name ?? t('someone');
  if (event.action === 'stage') {
    const [from, to] = event.changes.stage ?? [];
    return t('timeline.stage', { who, from: valueLabel('stage', from), to: valueLabel('stage', to) });
  }
  if (event.action === 'update') {
    const fields = Object.keys(event.changes).map((field) => fieldLabel(fieldAliases[field] ?? field)).join(', ');
    return t('timeline.update', { who, fields });
  }
  if (event.action === 'transfer') {
    const after = event.changes.owner?.[1];
    const to = after && typeof after === 'object' && 'name' in after ? String((after as { name: unknown }).name) : typeof after === 'string' ? after : '';
    return t('timeline.transfer', { who, to });
  }
  if (event.action === 'reservation') {
    // changes.reservation: [previous status or null, 'YYYY-MM-DD HH:MM services (status)'] written by reservations.
    const [, what] = event.changes.reservation ?? [];
    return t('timeline.reservation', { who, what: String(what ?? '') });
  }
  return t(`timeline.${event.action}`, { who });
}

function TimelinePanel({ orgId, entityType, entityId, fieldLabel, valueLabel, initialTimeline }: Omit<RecordActivityProps, 'canWrite'>) {
  const { t } = useTranslation('notes');
  const timeline = useTimeline(orgId, entityType, entityId, initialTimeline);
  if (timeline.isLoading) return <LoadingState />;
  if (timeline.isError) return <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />;
  if (!timeline.data || timeline.data.length === 0) return <Typography.Paragraph type="secondary">{t('timeline.empty')}</Typography.Paragraph>;
  return (
    <Timeline
      className="record-timeline"
      items={timeline.data.map((event) => ({
        key: event.id,
        content: (
          <>
            <div>{describe(event, t, fieldLabel, valueLabel)}</div>
            <Typography.Text type="secondary" className="timeline-when">
              {formatDateTime(event.createdAt)}
            </Typography.Text>
          </>
        ),
      }))}
    />
  );
}

/** Notes and the timeline of every change, as two tabs of a detail page. */
export function RecordActivity(props: RecordActivityProps) {
  const { t } = useTranslation('notes');
  return (
    <Tabs
      items={[
        { key: 'notes', label: t('tabs.notes'), children: <NotesPanel {...props} /> },
        { key: 'timeline', label: t('tabs.timeline'), children: <TimelinePanel {...props} /> },
      ]}
    />
  );
}
