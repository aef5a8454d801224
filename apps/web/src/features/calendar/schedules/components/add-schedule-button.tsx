import { useState } from 'react';
import { Button } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SchedulePreset } from '../schedule-form.ts';
import { LazyScheduleDrawer } from './lazy-schedule-drawer.tsx';

/** "Add schedule" on a client, company or deal page: the create drawer opens with that record linked. */
export function AddScheduleButton({ orgId, preset }: { orgId: string; preset: SchedulePreset }) {
  const { t } = useTranslation('schedules');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CalendarOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('addSchedule')}
      </Button>
      <LazyScheduleDrawer orgId={orgId} open={open} preset={preset} onClose={() => setOpen(false)} />
    </>
  );
}
