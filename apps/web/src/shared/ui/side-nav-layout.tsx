import { Suspense, type ReactNode } from 'react';
import { Grid, Menu, Select, type MenuProps } from 'antd';
import { Link, Outlet, useNavigate } from 'react-router';
import { LoadingState } from './query-state.tsx';

export interface SideNavPage {
  key: string;
  icon: ReactNode;
  label: string;
  to: string;
  /** The heading the page is listed under (pages of one group are next to each other). */
  group?: string;
}

interface SideNavProps {
  title: string;
  navigationLabel: string;
  pages: SideNavPage[];
  current: string | null;
}

/** Pages in their groups, in the order the groups first appear. */
function grouped(pages: SideNavPage[]): { group: string | undefined; pages: SideNavPage[] }[] {
  const groups: { group: string | undefined; pages: SideNavPage[] }[] = [];
  for (const page of pages) {
    const last = groups.find((g) => g.group === page.group);
    if (last) last.pages.push(page);
    else groups.push({ group: page.group, pages: [page] });
  }
  return groups;
}

/**
 * A phone's side navigation: one labelled picker holding every page under its group heading, showing where the user
 * is — two dozen links wrapped onto a dozen rows pushed the page itself below the fold (issue 29).
 */
function PagePicker({ navigationLabel, pages, current }: Omit<SideNavProps, 'title'>) {
  const navigate = useNavigate();
  const option = (page: SideNavPage) => ({ value: page.key, label: page.label });
  const options = grouped(pages).map(({ group, pages: inGroup }) => (group ? { label: group, title: group, options: inGroup.map(option) } : inGroup.map(option)));
  return (
    <Select
      className="settings-nav__picker"
      aria-label={navigationLabel}
      value={current ?? undefined}
      options={options.flat()}
      listHeight={420}
      onChange={(key: string) => {
        const page = pages.find((p) => p.key === key);
        if (page) void navigate(page.to);
      }}
    />
  );
}

/** An area with its own pages (settings, online booking): a titled side navigation beside the page (a page picker on narrow screens). */
export function SideNavLayout({ title, navigationLabel, pages, current }: SideNavProps) {
  const isWide = Grid.useBreakpoint().md ?? true;
  const item = (page: SideNavPage) => ({
    key: page.key,
    icon: page.icon,
    label: (
      <Link to={page.to} aria-current={current === page.key ? 'page' : undefined}>
        {page.label}
      </Link>
    ),
  });
  const items: MenuProps['items'] = grouped(pages).flatMap(({ group, pages: inGroup }): NonNullable<MenuProps['items']> =>
    group ? [{ type: 'group', key: `group:${group}`, label: group, children: inGroup.map(item) }] : inGroup.map(item),
  );
  return (
    <div className={isWide ? 'settings-body' : 'settings-body settings-body--narrow'}>
      <nav aria-label={navigationLabel} className="settings-nav">
        <div className="settings-nav__title" aria-hidden="true">
          {title}
        </div>
        {isWide ? (
          <Menu mode="inline" selectedKeys={current ? [current] : []} items={items} />
        ) : (
          <PagePicker navigationLabel={navigationLabel} pages={pages} current={current} />
        )}
      </nav>
      <div className="settings-main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
