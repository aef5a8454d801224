import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/** One list's page and search (every console list is paged and searchable on the server). */
export function useListState(initialPageSize = 20) {
  const { t } = useTranslation('console');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const search = (value: string) => {
    setKeyword(value.trim());
    setPage(1);
  };
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => t('list.total', { count }),
    onChange: (nextPage, nextSize) => {
      setPage(nextSize === pageSize ? nextPage : 1);
      setPageSize(nextSize);
    },
  });
  return { query: { keyword, page, pageSize }, search, pagination, resetPage: () => setPage(1) };
}

/** An ISO instant as local date and time, e.g. 2026-12-05 18:30. */
export function formatInstant(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
