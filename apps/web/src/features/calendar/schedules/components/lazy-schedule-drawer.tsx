import { lazy, Suspense, useEffect, useState } from 'react';
import type { ScheduleDrawerProps } from './schedule-drawer.tsx';

const ScheduleDrawerChunk = lazy(() => import('./schedule-drawer.tsx').then((m) => ({ default: m.ScheduleDrawer })));

/**
 * The schedule drawer for pages outside the calendar (header fast-create, client/company/deal pages): its code
 * loads the first time it opens, not with every page.
 */
export function LazyScheduleDrawer(props: ScheduleDrawerProps) {
  const [isWanted, setIsWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setIsWanted(true);
  }, [props.open]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ScheduleDrawerChunk {...props} />
    </Suspense>
  );
}
