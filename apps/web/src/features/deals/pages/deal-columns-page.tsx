import { Button, Card, Switch, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultDealFieldSetting, type DealFieldSetting } from '@lodestar/contract';
import { ErrorState } from '../../../shared/ui/query-state.tsx';
import { CustomFieldsPage } from '../../custom-fields/index.ts';
import { useDealFieldSetting, useSaveDealFieldSetting } from '../deals.api.ts';

type Column = DealFieldSetting['columns'][number];

/** The deal list's built-in columns: shown or not, and their order (dealFieldSetting). */
function BuiltInColumns() {
  const { t } = useTranslation('deals');
  const title = t('settings.columnsTitle');
  const { orgId = '' } = useParams();
  const setting = useDealFieldSetting(orgId);
  const save = useSaveDealFieldSetting(orgId, t('notices.saved'));
  const columns = (setting.data ?? defaultDealFieldSetting).columns;
  const saveColumns = (next: Column[]) => void save.mutateAsync({ columns: next });
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column!);
    saveColumns(next);
  };
  return (
    <Card className="settings-card" title={<Typography.Title level={2} className="card-title">{title}</Typography.Title>}>
        <Typography.Paragraph type="secondary">{t('settings.columnsHint')}</Typography.Paragraph>
        {setting.isError ? (
          <ErrorState error={setting.error} onRetry={() => void setting.refetch()} />
        ) : (
          <Table<Column>
            rowKey="key"
            size="middle"
            pagination={false}
            loading={setting.isLoading}
            dataSource={columns}
            columns={[
              { key: 'title', title: t('settings.column'), render: (_v, row) => t(`fields.${row.key}`) },
              {
                key: 'isShow',
                title: t('settings.show'),
                width: 120,
                render: (_v, row, index) => (
                  <Switch
                    checked={row.isShow}
                    aria-label={t('settings.showColumn', { name: t(`fields.${row.key}`) })}
                    onChange={(isShow) => saveColumns(columns.map((column, i) => (i === index ? { ...column, isShow } : column)))}
                  />
                ),
              },
              {
                key: 'order',
                title: t('settings.order'),
                width: 120,
                render: (_v, row, index) => (
                  <>
                    <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden="true" />} disabled={index === 0} aria-label={t('settings.moveUp', { name: t(`fields.${row.key}`) })} onClick={() => move(index, -1)} />
                    <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden="true" />} disabled={index === columns.length - 1} aria-label={t('settings.moveDown', { name: t(`fields.${row.key}`) })} onClick={() => move(index, 1)} />
                  </>
                ),
              },
            ]}
          />
        )}
    </Card>
  );
}

/** settings/columnOpportunityDisplay: the built-in deal list columns, then which custom fields show as columns. */
export function DealColumnsPage() {
  return (
    <CustomFieldsPage entity="deal" display>
      <BuiltInColumns />
    </CustomFieldsPage>
  );
}
