import { useState } from 'react';
import { Button, Form, Input, List, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useAddNote, useDeleteNote, useNotes } from '../notes.api.ts';
import type { RecordActivityProps } from './record-activity-props.ts';

/** Lines of a note shown before "more". */
export const noteClampRows = 4;

/** The notes users wrote on a record, newest first, with the form to add one (when the record is editable). */
export function NotesPanel({ orgId, entityType, entityId, canWrite, initialNotes }: Omit<RecordActivityProps, 'fieldLabel'>) {
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
                // A long note shows its first lines with "more" (issue 21: a 3 000-character note made a 5 500 px page).
                description={
                  <Typography.Paragraph className="note-content" ellipsis={{ rows: noteClampRows, expandable: 'collapsible' }}>
                    {note.content}
                  </Typography.Paragraph>
                }
              />
            </List.Item>
          )}
        />
      ) : null}
    </>
  );
}
