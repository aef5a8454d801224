import { CalendarSyncProviders } from '../../../../calendar/calendar-sync/index.ts';
import type { StepBodyProps } from './step-body.ts';

export function CalendarSyncStep({ orgId }: StepBodyProps) {
  return <CalendarSyncProviders orgId={orgId} />;
}
