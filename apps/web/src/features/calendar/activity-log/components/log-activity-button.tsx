import { useState } from 'react';
import { Button } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScheduleLinks } from '../../../../shared/extension-points.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { LogActivityDialog } from './log-activity-dialog.tsx';

/** "Log activity" on the home page, a contact or a company (through ExtensionPoints.LogActivityButton): needs calendar create. */
export function LogActivityButton({ orgId, preset = {} }: { orgId: string; preset?: ScheduleLinks }) {
  const { t } = useTranslation('activity-log');
  const { can } = usePermissions(orgId);
  const [open, setOpen] = useState(false);
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
