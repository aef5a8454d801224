import '../booking.css';
import { AppstoreOutlined, CalendarOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SideNavLayout } from '../../../shared/ui/side-nav-layout.tsx';

/** The booking pages: my appointments and its Business and Service tabs (spec section 2: business/setting, business/service). */
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
  const current = /\/business\/([^/]+)/.exec(location.pathname)?.[1] ?? null;
  return (
    <SideNavLayout
      title={t('title')}
      navigationLabel={t('navigation')}
      current={current}
      pages={bookingPages.map((page) => ({ key: page.key, icon: page.icon, label: t(`pages.${page.key}`), to: `/${orgId}/business/${page.key}` }))}
    />
  );
}
