import { Button, Card, Switch, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '@lodestar/contract';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';

type Column = ColumnSetting['columns'][number];

/**
 * A list's built-in columns (contacts, companies, deals): shown or not, and their order. Each change
 * saves the whole ordered list at once.
 */
export function BuiltInColumnsCard({
  hint,
  columns,
  loading,
  error,
  onRetry,
  labelOf,
  onSave,
}: {
  hint: string;
  columns: Column[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  labelOf: (key: string) => string;
  onSave: (columns: Column[]) => void;
}) {
  const { t } = useTranslation('column-settings');
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column!);
    onSave(next);
  };
  return (
    <Card className="settings-card" title={<Typography.Title level={2} className="card-title">{t('title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <Table<Column>
          rowKey="key"
          size="middle"
          pagination={false}
          loading={loading}
          dataSource={columns}
          columns={[
            { key: 'title', title: t('column'), render: (_v, row) => labelOf(row.key) },
            {
              key: 'isShow',
              title: t('show'),
              width: 120,
              render: (_v, row, index) => (
                <Switch
                  checked={row.isShow}
                  aria-label={t('showColumn', { name: labelOf(row.key) })}
                  onChange={(isShow) => onSave(columns.map((column, i) => (i === index ? { ...column, isShow } : column)))}
                />
              ),
            },
            {
              key: 'order',
              title: t('order'),
              width: 120,
              render: (_v, row, index) => (
                <>
                  <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden="true" />} disabled={index === 0} aria-label={t('moveUp', { name: labelOf(row.key) })} onClick={() => move(index, -1)} />
                  <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden="true" />} disabled={index === columns.length - 1} aria-label={t('moveDown', { name: labelOf(row.key) })} onClick={() => move(index, 1)} />
                </>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
