import { useId, useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface FoldedFiltersProps {
  phone: boolean;
  /** How many filters are on (the search aside): the folded button says it. */
  active: number;
  /** The group's accessible name. */
  label: string;
  search: ReactNode;
  /** The other controls (owner, dates, sort). */
  children: ReactNode;
  /** On a phone only, inside the fold below the controls: what a wider screen shows elsewhere (saved filters, tags). */
  more?: ReactNode;
}

/**
 * A list's toolbar. On a phone the search box stays and the other filters fold behind a "Filters" button that says
 * how many are on; folded they are not rendered at all — at 390 px they filled the first screen above the first
 * record, and their antd Selects were most of the list's work after its first paint (bench/README.md, "Lighthouse").
 */
export function FoldedFilters({ phone, active, label, search, children, more }: FoldedFiltersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!phone)
    return (
      <Space wrap size={[8, 8]} className="list-toolbar" role="group" aria-label={label}>
        {search}
        {children}
      </Space>
    );
  return (
    <div className="list-toolbar" role="group" aria-label={label}>
      <div className="folded-filters">
        {search}
        <Button
          className="folded-filters__toggle"
          icon={<FilterOutlined aria-hidden="true" />}
          aria-expanded={open}
          aria-controls={panelId}
          type={active > 0 ? 'primary' : 'default'}
          ghost={active > 0}
          onClick={() => setOpen(!open)}
        >
          {active > 0 ? t('listFilters.showActive', { count: active }) : t('listFilters.show')}
        </Button>
      </div>
      <div id={panelId} className="folded-filters__panel" hidden={!open}>
        {open ? (
          <>
            <Space wrap size={[8, 8]}>
              {children}
            </Space>
            {more}
          </>
        ) : null}
      </div>
    </div>
  );
}
