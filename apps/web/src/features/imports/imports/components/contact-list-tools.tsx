import { useState } from 'react';
import { Button, Checkbox, Flex, Modal, Radio, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contactExportFields, contactImportsEndpoints as api, type AdvanceFilter, type ExportBody } from '@lodestar/contract';
import { apiDownload, saveBlob } from '../../../../shared/api-client.ts';
import { usePermissions } from '../../../../shared/permissions.ts';

/** Import and export beside the contact list's bulk actions (filled into the records list by app/providers.tsx). */
export function ContactListTools({ orgId, selected, filter }: { orgId: string; selected: string[]; filter: AdvanceFilter }) {
  const { t } = useTranslation('imports');
  const { can } = usePermissions(orgId);
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<string[]>([...contactExportFields]);
  const [range, setRange] = useState<ExportBody['range']>(selected.length > 0 ? 'selected' : 'filter');
  const [busy, setBusy] = useState(false);
  const exportNow = async () => {
    setBusy(true);
    try {
      const body: ExportBody = { fields, range, ...(range === 'selected' ? { ids: selected } : {}), ...(range === 'filter' ? { advanceFilter: filter } : {}) };
      saveBlob(await apiDownload(api.export.path, { method: 'POST', body, orgId }), 'contacts.csv');
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {can('contact', 'import') ? (
        <Link to={`/${orgId}/import/contact`}>
          <Button icon={<UploadOutlined />}>{t('importButton')}</Button>
        </Link>
      ) : null}
      {can('contact', 'export') ? (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            setRange(selected.length > 0 ? 'selected' : 'filter');
            setOpen(true);
          }}
        >
          {t('exportButton')}
        </Button>
      ) : null}
      <Modal
        open={open}
        title={t('exportTitle')}
        okText={t('exportButton')}
        okButtonProps={{ disabled: fields.length === 0, loading: busy }}
        onOk={() => void exportNow()}
        onCancel={() => setOpen(false)}
      >
        <Flex vertical gap="middle">
          <Typography.Text strong id="export-range">{t('exportRange')}</Typography.Text>
          <Radio.Group
            aria-labelledby="export-range"
            value={range}
            onChange={(e) => setRange(e.target.value as ExportBody['range'])}
            options={[
              { value: 'selected', label: t('range.selected', { count: selected.length }), disabled: selected.length === 0 },
              { value: 'filter', label: t('range.filter') },
              { value: 'all', label: t('range.all') },
            ]}
          />
          <Typography.Text strong id="export-fields">{t('exportFields')}</Typography.Text>
          <Checkbox.Group
            aria-labelledby="export-fields"
            value={fields}
            onChange={(values) => setFields(values as string[])}
            options={contactExportFields.map((f) => ({ value: f, label: t(`exportField.${f}`) }))}
          />
        </Flex>
      </Modal>
    </>
  );
}
