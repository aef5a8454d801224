import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScheduleLinks } from '../../../../shared/extension-points.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useUserActivity } from '../../activity-items/index.ts';
import { lazyDialog, loadWhenSettled } from '../../../../shared/ui/lazy-dialog.tsx';

const loadDialog = () => import('./log-activity-dialog.tsx').then((m) => m.LogActivityDialog);
// The dialog's form stays out of the home page's first load; its code is fetched once the page has settled, so
// "Log activity" still opens offline (issue 29's three taps).
const LogActivityDialog = lazyDialog(loadDialog);

/** "Log activity" on the home page, a contact or a company (through ExtensionPoints.LogActivityButton): needs calendar create. */
export function LogActivityButton({ orgId, preset = {} }: { orgId: string; preset?: ScheduleLinks }) {
  const { t } = useTranslation('activity-log');
  const { can } = usePermissions(orgId);
  const [open, setOpen] = useState(false);
  // Fetched with the page, so the dialog has the items even when the network is gone by the time it opens.
  useUserActivity(orgId, can('calendar', 'create'));
  useEffect(() => {
    if (can('calendar', 'create')) loadWhenSettled(loadDialog);
  }, [can]);
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
