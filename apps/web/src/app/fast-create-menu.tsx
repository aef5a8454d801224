import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../shared/permissions.ts';
import { ScheduleDrawer } from '../features/calendar/schedules/index.ts';
import { lazyDialog } from '../shared/ui/lazy-dialog.tsx';
import { LazyDropdown } from '../shared/ui/lazy-dropdown.tsx';
import { phoneQuery, useMediaQuery } from '../shared/ui/use-media-query.ts';

// Each create form loads when chosen: the header is on every page and must stay light (docs/ARCHITECTURE.md, load speed).
const CreateContactDialog = lazyDialog(() => import('../features/records/contacts/components/create-contact-dialog.tsx').then((m) => m.CreateContactDialog));
const CreateCompanyDialog = lazyDialog(() => import('../features/records/companies/components/create-company-dialog.tsx').then((m) => m.CreateCompanyDialog));
const SimpleDealDialog = lazyDialog(() => import('../features/deals/deals/components/simple-deal-dialog.tsx').then((m) => m.SimpleDealDialog));
const CreateReservationDialog = lazyDialog(() =>
  import('../features/booking/booking/components/create-reservation-dialog.tsx').then((m) => m.CreateReservationDialog),
);

type Creating = 'client' | 'company' | 'deal' | 'schedule' | 'reservation' | null;

/** The header's fast-create dropdown (docs/product.md#screens): only what exists and what the privileges allow. */
export function FastCreateMenu({ orgId }: { orgId: string }) {
  const { t } = useTranslation('common');
  const { can } = usePermissions(orgId);
  const [creating, setCreating] = useState<Creating>(null);
  // At phone width the button floats in the bottom right corner: its menu opens above it.
  const isPhone = useMediaQuery(phoneQuery);
  const items = [
    ...(can('contact', 'create') ? [{ key: 'client', label: t('layout.fastCreateClient') }] : []),
    ...(can('company', 'create') ? [{ key: 'company', label: t('layout.fastCreateCompany') }] : []),
    ...(can('opportunity', 'create') ? [{ key: 'deal', label: t('layout.fastCreateDeal') }] : []),
    ...(can('calendar', 'create') ? [{ key: 'schedule', label: t('layout.fastCreateSchedule') }] : []),
    // Reservations use the calendar privilege (docs/booking-api.md).
    ...(can('calendar', 'create') ? [{ key: 'reservation', label: t('layout.fastCreateReservation') }] : []),
  ];
  if (items.length === 0) return null;
  return (
    <>
      <LazyDropdown trigger={['click']} placement={isPhone ? 'topRight' : 'bottomLeft'} menu={{ items, className: 'fast-create-menu', onClick: ({ key }) => setCreating(key as Creating) }}>
        {/* Named also when only its icon shows: at phone width it is the floating create button (app/styles.css). */}
        <Button className="app-header__create" icon={<PlusOutlined aria-hidden="true" />} aria-label={t('layout.fastCreate')} data-testid="fast-create">
          {t('layout.fastCreate')}
        </Button>
      </LazyDropdown>
      <CreateContactDialog orgId={orgId} open={creating === 'client'} onClose={() => setCreating(null)} />
      <CreateCompanyDialog orgId={orgId} open={creating === 'company'} onClose={() => setCreating(null)} />
      <SimpleDealDialog orgId={orgId} open={creating === 'deal'} onClose={() => setCreating(null)} />
      <ScheduleDrawer orgId={orgId} open={creating === 'schedule'} onClose={() => setCreating(null)} />
      <CreateReservationDialog orgId={orgId} open={creating === 'reservation'} onClose={() => setCreating(null)} />
    </>
  );
}
