import { Suspense, type ReactNode } from 'react';
import { Grid, Menu } from 'antd';
import { Link, Outlet } from 'react-router';
import { LoadingState } from './query-state.tsx';

export interface SideNavPage {
  key: string;
  icon: ReactNode;
  label: string;
  to: string;
}

/** An area with its own pages (settings, online booking): a titled side navigation beside the page (a horizontal one on narrow screens). */
export function SideNavLayout({ title, navigationLabel, pages, current }: { title: string; navigationLabel: string; pages: SideNavPage[]; current: string | null }) {
  const isWide = Grid.useBreakpoint().md ?? true;
  return (
    <div className={isWide ? 'settings-body' : 'settings-body settings-body--narrow'}>
      <nav aria-label={navigationLabel} className="settings-nav">
        <div className="settings-nav__title" aria-hidden="true">
          {title}
        </div>
        <Menu
          mode={isWide ? 'inline' : 'horizontal'}
          selectedKeys={current ? [current] : []}
          items={pages.map((page) => ({
            key: page.key,
            icon: page.icon,
            label: (
              <Link to={page.to} aria-current={current === page.key ? 'page' : undefined}>
                {page.label}
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
