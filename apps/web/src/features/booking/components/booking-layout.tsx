import '../booking.css';
import { Suspense } from 'react';
import { Grid, Menu } from 'antd';
import { AppstoreOutlined, CalendarOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../shared/ui/query-state.tsx';

/** The booking pages (spec section 2: business/setting, business/service) and my appointments. */
export const bookingPages = [
  { key: 'setting', icon: <ScheduleOutlined aria-hidden="true" /> },
  { key: 'service', icon: <AppstoreOutlined aria-hidden="true" /> },
  { key: 'appointments', icon: <CalendarOutlined aria-hidden="true" /> },
] as const;

/** /{orgId}/business/...: side navigation between the reservation settings, services and my appointments. */
export function BookingLayout() {
  const { t } = useTranslation('booking');
  const { orgId = '' } = useParams();
  const location = useLocation();
  const isWide = Grid.useBreakpoint().md ?? true;
  const current = /\/business\/([^/]+)/.exec(location.pathname)?.[1] ?? null;
  return (
    <div className={isWide ? 'settings-body' : 'settings-body settings-body--narrow'}>
      <nav aria-label={t('navigation')} className="settings-nav">
        <div className="settings-nav__title" aria-hidden="true">
          {t('title')}
        </div>
        <Menu
          mode={isWide ? 'inline' : 'horizontal'}
          selectedKeys={current ? [current] : []}
          items={bookingPages.map((page) => ({
            key: page.key,
            icon: page.icon,
            label: (
              <Link to={`/${orgId}/business/${page.key}`} aria-current={current === page.key ? 'page' : undefined}>
                {t(`pages.${page.key}`)}
              </Link>
            ),
          }))}
        />
      </nav>
      <div className="settings-main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
