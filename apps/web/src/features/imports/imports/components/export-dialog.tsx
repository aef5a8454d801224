import { useEffect, useState } from 'react';
import { Checkbox, Flex, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportFields, type ExportBodyInput, type ExportFormat } from '@lodestar/contract';
import type { RecordListToolsProps } from '../../../../shared/extension-points.tsx';
import { browserTimeZone, downloadExport, useExportChoice, useExportCustomFields } from '../imports.api.ts';
import { importKeys } from '../../query-keys.ts';
import { useQueryClient } from '@tanstack/react-query';
import { fieldName } from '../field-names.ts';

type Range = ExportBodyInput['range'];

/**
 * The export dialog of a list's tools (record-list-tools.tsx): the columns, the range (ticked rows, the list as
 * filtered — the calendar: the dates it shows —, or everything the user may see) and CSV or XLSX; the server streams
 * the file. Loaded when first opened: its form controls are no part of a list's first load.
 */
export function ExportDialog({ kind, orgId, selected = [], filter, listQuery, open, onClose }: RecordListToolsProps & { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('imports');
  const [fields, setFields] = useState<string[]>([...exportFields[kind]]);
  const [range, setRange] = useState<Range>('filter');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  // The columns chosen at the last export (remembered by the server, per user) and the kind's custom fields.
  const choice = useExportChoice(kind, orgId, open);
  const customFields = useExportCustomFields(kind, orgId, open);
  const remembered = choice.data?.fields;
  useEffect(() => {
    if (remembered) setFields(remembered);
  }, [remembered]);
  // Each opening starts from the ticked rows when there are some.
  const hasSelection = selected.length > 0;
  useEffect(() => {
    if (open) setRange(hasSelection ? 'selected' : 'filter');
  }, [open, hasSelection]);
  const rangeTitle = kind === 'schedule' ? t('kind.schedule.exportRange') : t('exportRange');
  const exportNow = async () => {
    setBusy(true);
    try {
      const body: ExportBodyInput = {
        fields,
        range,
        format,
        timeZone: browserTimeZone(),
        ...(range === 'selected' ? { ids: selected } : {}),
        ...(range === 'filter' && filter ? { advanceFilter: filter } : {}),
        ...(range === 'filter' && listQuery ? { listQuery } : {}),
      };
      await downloadExport(kind, orgId, body);
      void client.invalidateQueries({ queryKey: importKeys.exportChoice(orgId, kind) });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const label = (field: string) => fieldName(t, i18n.language, kind, field);
  // The calendar has no ticked rows: its ranges are the dates shown and everything.
  const ranges = kind === 'schedule' ? (['filter', 'all'] as const) : (['selected', 'filter', 'all'] as const);
  const rangeLabel = (value: Range) =>
    value === 'selected'
      ? t('range.selected', { count: selected.length })
      : value === 'filter'
        ? kind === 'schedule'
          ? t('kind.schedule.rangeFilter', { from: listQuery?.from ?? '', to: listQuery?.to ?? '' })
          : t('range.filter')
        : t(`kind.${kind}.rangeAll`);
  return (
  <Modal
    open={open}
    title={t(`kind.${kind}.exportTitle`)}
    okText={t('exportButton')}
    okButtonProps={{ disabled: fields.length === 0, loading: busy }}
    onOk={() => void exportNow()}
    onCancel={onClose}
  >
    <Flex vertical gap="middle">
      <Typography.Text strong id="export-range">{rangeTitle}</Typography.Text>
      <Radio.Group
        aria-labelledby="export-range"
        value={range}
        onChange={(e) => setRange(e.target.value as Range)}
        options={ranges.map((value) => ({ value, label: rangeLabel(value), disabled: value === 'selected' && selected.length === 0 }))}
      />
      <Typography.Text strong id="export-format">{t('format')}</Typography.Text>
      <Radio.Group
        aria-labelledby="export-format"
        value={format}
        onChange={(e) => setFormat(e.target.value as ExportFormat)}
        options={[
          { value: 'xlsx', label: 'Excel (.xlsx)' },
          { value: 'csv', label: 'CSV' },
        ]}
      />
      <Typography.Text strong id="export-fields">{t('exportFields')}</Typography.Text>
      <Checkbox.Group
        aria-labelledby="export-fields"
        value={fields}
        onChange={(values) => setFields(values as string[])}
        options={[
          ...exportFields[kind].map((f) => ({ value: f, label: label(f) })),
          ...(customFields.data ?? []).map((f) => ({ value: `custom:${f.id}`, label: f.title })),
        ]}
      />
      {kind === 'deal' && format === 'csv' && fields.includes('lines') ? <Typography.Text type="secondary">{t('linesNeedXlsx')}</Typography.Text> : null}
    </Flex>
  </Modal>
  );
}
