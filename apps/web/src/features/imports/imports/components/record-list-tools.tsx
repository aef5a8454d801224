import { useState } from 'react';
import { Button, Flex } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '@lodestar/contract';
import type { RecordListToolsProps } from '../../../../shared/extension-points.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';

const features = { contact: 'contact', company: 'company', deal: 'opportunity', schedule: 'calendar' } as const satisfies Record<ImportKind, string>;
const ExportDialog = lazyDialog(() => import('./export-dialog.tsx').then((m) => m.ExportDialog));

/**
 * Import and export beside a list's bulk actions (contacts, companies, deals) and on the calendar's toolbar (filled
 * in by app/providers.tsx): the import page's link and the export dialog (export-dialog.tsx, loaded when first opened).
 */
export function RecordListTools(props: RecordListToolsProps) {
  const { kind, orgId } = props;
  const { t } = useTranslation('imports');
  const { can } = usePermissions(orgId);
  const [open, setOpen] = useState(false);
  // One flex box of their own: the lists place this lazily loaded component as a single item, so without it the two
  // buttons touch.
  return (
    <Flex gap="small">
      {can(features[kind], 'import') ? (
        <Link to={`/${orgId}/import/${kind}`}>
          <Button icon={<UploadOutlined />}>{t('importButton')}</Button>
        </Link>
      ) : null}
      {can(features[kind], 'export') ? (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => setOpen(true)}
        >
          {t('exportButton')}
        </Button>
      ) : null}
      <ExportDialog {...props} open={open} onClose={() => setOpen(false)} />
    </Flex>
  );
}
