import { Button, Space } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listSortFields, type ListSortField } from '@lodestar/contract';
import { LazySelect } from './lazy-select.tsx';

/** The list sort (sortBy + decending of listV2): a field and a direction toggle. */
export function SortControl({ sortBy, decending, onChange }: { sortBy: ListSortField; decending: boolean; onChange: (next: { sortBy: ListSortField; decending: boolean }) => void }) {
  const { t } = useTranslation('common');
  const direction = decending ? t('sort.descending') : t('sort.ascending');
  return (
    <Space.Compact>
      <LazySelect
        aria-label={t('sort.label')}
        className="list-toolbar__select sort-control__select"
        value={sortBy}
        onChange={(next) => onChange({ sortBy: next, decending })}
        options={listSortFields.map((field) => ({ value: field, label: t(`sort.${field}`) }))}
      />
      <Button
        icon={decending ? <SortDescendingOutlined aria-hidden="true" /> : <SortAscendingOutlined aria-hidden="true" />}
        aria-label={direction}
        title={direction}
        onClick={() => onChange({ sortBy, decending: !decending })}
      />
    </Space.Compact>
  );
}
