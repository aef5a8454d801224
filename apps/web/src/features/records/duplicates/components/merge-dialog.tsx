import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Radio, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyMergeFields, contactMergeFields, contactTextFields, type DuplicateKind } from '@lodestar/contract';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { useMerge, useMergeRecords, useUndoMerge, type MergeRecord } from '../duplicates.api.ts';

interface Row {
  field: string;
  /** Display text per record id. */
  values: Record<string, string>;
  /** Multi-value fields: everything is kept, nothing to pick. */
  keepsAll?: boolean;
}

/** What the dialog shows of a field's value, per kind. */
function valuesOf(entry: MergeRecord): Record<string, string> {
  if (entry.kind === 'contact') {
    const c = entry.record;
    return {
      firstName: c.firstName, lastName: c.lastName, ...Object.fromEntries(contactTextFields.map((key) => [key, c[key] ?? ''])),
      sex: c.sex ?? '', birthday: c.birthday ?? '', companyId: c.company?.name ?? '', note: c.note ?? '', ownerUserId: c.owner?.name ?? '',
      avatarFileId: c.avatarUrl ? '✓' : '',
      phones: c.phones.map((p) => p.value).join(', '), emails: c.emails.map((e) => e.value).join(', '), tags: c.tags.map((t) => t.name).join(', '),
    };
  }
  const c = entry.record;
  return {
    name: c.name, tax: c.tax ?? '', url: c.url ?? '', email: c.email ?? '', address: c.address ?? '', note: c.note ?? '', ownerUserId: c.owner?.name ?? '',
    phones: c.phones.map((p) => p.value).join(', '), tags: c.tags.map((t) => t.name).join(', '),
  };
}

/** Two or more records side by side: keep one, pick each field's value; phones, e-mails and tags keep every value. */
export function MergeDialog({ orgId, kind, ids, open, onClose }: { orgId: string; kind: DuplicateKind; ids: string[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('duplicates');
  const records = useMergeRecords(orgId, kind, ids, open);
  const merge = useMerge(orgId);
  const undo = useUndoMerge(orgId, t('notices.undone'));
  const [survivorId, setSurvivorId] = useState(ids[0]!);
  const [picks, setPicks] = useState<Record<string, string>>({});
  const entries = useMemo(() => records.data ?? [], [records.data]);
  const values = useMemo(() => Object.fromEntries(entries.map((e) => [e.record.id, valuesOf(e)])), [entries]);

  const fieldTitle = useFieldTitle('contact');
  // A contact's text fields are named by the field list; the dialog's catalog names the others.
  const labelOf = (field: string) => ((contactTextFields as string[]).includes(field) ? fieldTitle(field) : t(`fields.${field}`));
  const pickable: readonly string[] = kind === 'contact' ? contactMergeFields.filter((f) => f !== 'avatarFileId') : companyMergeFields;
  const multi = kind === 'contact' ? ['phones', 'emails', 'tags'] : ['phones', 'tags'];
  const rows: Row[] = [
    ...pickable
      .map((field) => ({ field, values: Object.fromEntries(ids.map((id) => [id, values[id]?.[field] ?? ''])) }))
      .filter((row) => Object.values(row.values).some((v) => v !== '')),
    ...multi.map((field) => ({ field, keepsAll: true, values: Object.fromEntries(ids.map((id) => [id, values[id]?.[field] ?? ''])) })),
  ];
  // Without a pick a field keeps the survivor's value, or the first other record's when the survivor's is empty.
  const chosen = (row: Row) => picks[row.field] ?? [survivorId, ...ids.filter((id) => id !== survivorId)].find((id) => row.values[id] !== '') ?? survivorId;

  const columns: TableColumnsType<Row> = [
    { key: 'field', title: t('mergeDialog.field'), width: 120, fixed: 'left', render: (_v, row) => <Typography.Text strong>{labelOf(row.field)}</Typography.Text> },
    ...ids.map((id, index) => ({
      key: id,
      title: (
        <Radio checked={survivorId === id} onChange={() => setSurvivorId(id)} className="merge-survivor">
          {t('mergeDialog.keepRecord', { n: index + 1 })}
        </Radio>
      ),
      render: (_v: unknown, row: Row) =>
        row.keepsAll ? (
          <span>{row.values[id] || '—'}</span>
        ) : (
          <Radio
            checked={chosen(row) === id}
            disabled={row.values[id] === '' }
            onChange={() => setPicks((current) => ({ ...current, [row.field]: id }))}
            aria-label={t('mergeDialog.pick', { field: labelOf(row.field), n: index + 1 })}
          >
            {row.values[id] || '—'}
          </Radio>
        ),
    })),
  ];

  const submit = async () => {
    const result = await merge.mutateAsync({ kind, survivorId, mergedIds: ids.filter((id) => id !== survivorId), picks: Object.fromEntries(rows.filter((r) => !r.keepsAll).map((r) => [r.field, chosen(r)])) });
    onClose();
    const key = `merged-${result.mergeId}`;
    // Not App.useApp(): the dialog is outside antd's App holder, which loads after first paint (shared/ui/feedback.ts).
    feedback.message.success({
      key,
      duration: 8,
      content: (
        <span>
          {t('notices.merged')}{' '}
          <Button type="link" size="small" onClick={() => { feedback.message.destroy(key); void undo.mutateAsync(result.mergeId); }}>
            {t('history.undo')}
          </Button>
        </span>
      ),
    });
  };

  return (
    <Modal
      open={open}
      title={t('mergeDialog.title')}
      width={960}
      className="merge-dialog"
      onCancel={onClose}
      okText={t('mergeDialog.confirm')}
      cancelText={t('mergeDialog.cancel')}
      okButtonProps={{ loading: merge.isPending, disabled: entries.length !== ids.length }}
      onOk={() => void submit()}
    >
      <Alert type="info" showIcon title={t('mergeDialog.intro')} className="merge-dialog__intro" />
      {records.isError ? (
        <ErrorState error={records.error} onRetry={() => void records.refetch()} />
      ) : (
        <Table<Row> rowKey="field" size="small" pagination={false} loading={records.isLoading} columns={columns} dataSource={rows} scroll={{ x: 120 + ids.length * 220 }} />
      )}
      <Typography.Paragraph type="secondary" className="merge-dialog__moves">
        <Tag>{t('mergeDialog.movesTag')}</Tag> {t('mergeDialog.moves')}
      </Typography.Paragraph>
    </Modal>
  );
}
