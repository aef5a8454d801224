import '../booking.css';
import { AppstoreOutlined, CalendarOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../shared/permissions.ts';
import { SideNavLayout } from '../../../../shared/ui/side-nav-layout.tsx';

/** The booking pages: my appointments and its Business and Service tabs (docs/product.md#screens: business/setting, business/service). */
export const bookingPages = [
  { key: 'appointments', icon: <CalendarOutlined aria-hidden="true" /> },
  { key: 'setting', icon: <ScheduleOutlined aria-hidden="true" /> },
  { key: 'service', icon: <AppstoreOutlined aria-hidden="true" /> },
] as const;

/** /{orgId}/business/...: navigation between appointments, the business (reservation settings) and services. */
export function BookingLayout() {
  const { t } = useTranslation('booking');
  const { orgId = '' } = useParams();
  const location = useLocation();
  const { isSystemAdministrator } = usePermissions(orgId);
  const current = /\/business\/([^/]+)/.exec(location.pathname)?.[1] ?? null;
  // Business and service settings are written by system administrators (the server enforces it); others see their appointments.
  const pages = bookingPages.filter((page) => isSystemAdministrator || page.key === 'appointments' || page.key === current);
  return (
    <SideNavLayout
      title={t('title')}
      navigationLabel={t('navigation')}
      current={current}
      pages={pages.map((page) => ({ key: page.key, icon: page.icon, label: t(`pages.${page.key}`), to: `/${orgId}/business/${page.key}` }))}
    />
  );
}
