import { useState } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Keyset paging: the cursors seen so far make "previous" work; a new filter (resetKey) starts again at
 * page 1. Returns the current cursor and the pager's props.
 */
export function useCursorPages(resetKey: unknown) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [seen, setSeen] = useState(resetKey);
  if (seen !== resetKey) {
    setSeen(resetKey);
    setCursors([null]);
  }
  const pageIndex = cursors.length - 1;
  return {
    cursor: cursors[pageIndex] ?? null,
    pageIndex,
    previous: () => setCursors((list) => list.slice(0, -1)),
    next: (cursor: string) => setCursors((list) => [...list, cursor]),
  };
}

export function CursorPager({ pageIndex, nextCursor, onPrevious, onNext }: { pageIndex: number; nextCursor: string | null | undefined; onPrevious: () => void; onNext: (cursor: string) => void }) {
  const { t } = useTranslation('common');
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <Button icon={<LeftOutlined aria-hidden="true" />} disabled={pageIndex === 0} onClick={onPrevious}>
        {t('pager.previous')}
      </Button>
      <span aria-current="page">{t('pager.page', { page: pageIndex + 1 })}</span>
      <Button disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
        {t('pager.next')} <RightOutlined aria-hidden="true" />
      </Button>
    </nav>
  );
}
