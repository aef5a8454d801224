import { useState } from 'react';
import { Button } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { backupsEndpoints } from '@lodestar/contract';
import { apiDownload, saveBlob } from '../../../../shared/api-client.ts';
import { call } from '../../../../shared/call.ts';
import { usePermissions } from '../../../../shared/permissions.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Download this person's data" (a data-subject request under Taiwan's PDPA): the server's archive job for one contact,
 * followed until done, then saved as a .zip. Shown to members who may export contacts.
 */
export function PersonalDataButton({ orgId, contactId }: { orgId: string; contactId: string }) {
  const { t } = useTranslation('contacts');
  const { can } = usePermissions(orgId);
  const [busy, setBusy] = useState(false);
  if (!can('contact', 'export')) return null;
  const run = async () => {
    setBusy(true);
    try {
      let job = await call(backupsEndpoints.personalData, { params: { id: contactId }, orgId, successMessage: false });
      while (job.state === 'running') {
        await pause(1000);
        job = await call(backupsEndpoints.detail, { params: { id: job.id }, orgId });
      }
      if (job.state === 'done') saveBlob(await apiDownload(backupsEndpoints.download.path.replace(':id', job.id), { orgId }), `personal-data-${job.createdAt.slice(0, 10)}.zip`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<SafetyOutlined aria-hidden="true" />} loading={busy} onClick={() => void run()}>
      {t('actions.personalData')}
    </Button>
  );
}
