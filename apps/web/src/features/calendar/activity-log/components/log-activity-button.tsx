import { useState } from 'react';
import { Button } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScheduleLinks } from '../../../../shared/extension-points.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useUserActivity } from '../../activity-items/index.ts';
import { LogActivityDialog } from './log-activity-dialog.tsx';

/** "Log activity" on the home page, a contact or a company (through ExtensionPoints.LogActivityButton): needs calendar create. */
export function LogActivityButton({ orgId, preset = {} }: { orgId: string; preset?: ScheduleLinks }) {
  const { t } = useTranslation('activity-log');
  const { can } = usePermissions(orgId);
  const [open, setOpen] = useState(false);
  // Fetched with the page, so the dialog has the items even when the network is gone by the time it opens.
  useUserActivity(orgId, can('calendar', 'create'));
  if (!can('calendar', 'create')) return null;
  return (
    <>
      <Button icon={<CheckSquareOutlined aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="log-activity">
        {t('button')}
      </Button>
      <LogActivityDialog orgId={orgId} links={preset} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
