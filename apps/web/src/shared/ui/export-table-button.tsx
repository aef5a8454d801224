import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadTable, type Cell, type TableFormat } from '../format/table-file.ts';

/**
 * "Export" with a choice of CSV or Excel (XLSX) for a report's table. `rows` (header first) may fetch: the
 * button shows it is working until the file is handed to the browser.
 */
export function ExportTableButton({ fileName, rows, disabled, size }: { fileName: string; rows: () => Cell[][] | Promise<Cell[][]>; disabled?: boolean; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const run = async (format: TableFormat) => {
    setBusy(true);
    try {
      downloadTable(fileName, format, await rows());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('export.xlsx') },
          { key: 'csv', label: t('export.csv') },
        ],
        onClick: ({ key }) => void run(key as TableFormat),
      }}
    >
      <Button size={size} icon={<DownloadOutlined aria-hidden="true" />} loading={busy} disabled={disabled}>
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
