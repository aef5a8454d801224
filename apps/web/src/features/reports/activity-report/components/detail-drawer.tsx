import { Drawer, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useReportDetail } from '../activity-report.api.ts';
import { EntryLinks } from './entry-links.tsx';
import { formatCount } from '../report-format.ts';

/** report/detail: the completed schedules behind one person's points on a day, each linking to its records. */
export function DetailDrawer({ orgId, uid, name, date, onClose }: { orgId: string; uid: string; name: string; date: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('activity-report');
  const detail = useReportDetail(orgId, uid, date);
  return (
    <Drawer open={date !== null} onClose={onClose} size={500} title={t('detail.title', { name, date: date ?? '' })} closable={{ 'aria-label': t('detail.close') }}>
      {detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <LoadingState />
      ) : (
        <List
          dataSource={detail.data.items}
          locale={{ emptyText: t('detail.empty') }}
          renderItem={(entry) => (
            <List.Item key={`${entry.scheduleId}-${entry.occurrenceDate}`}>
              <Space direction="vertical" size={4} className="detail-entry">
                <Space wrap>
                  <Link to={`/${orgId}/calendar/day/${entry.earnedOn.replaceAll('-', '/')}`}>
                    <Typography.Text strong>{entry.title}</Typography.Text>
                  </Link>
                  <Tag color="blue">{t('detail.points', { value: formatCount(entry.total, i18n.language) })}</Tag>
                </Space>
                <Space wrap size={4}>
                  {entry.items.map((item, index) => (
                    <Tag key={`${item.itemId ?? 'x'}-${index}`}>
                      {item.name} +{item.point}
                    </Tag>
                  ))}
                </Space>
                <EntryLinks orgId={orgId} entry={entry} />
              </Space>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
