import { Card, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LineSegmentSend } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { flattenTags, useTagTree } from '../../../records/tags/index.ts';
import { useSavedFilters } from '../../../records/contacts/index.ts';
import { useLineSegmentSends } from '../line-segments.api.ts';

const statusColor: Record<LineSegmentSend['status'], string> = { scheduled: 'blue', sending: 'gold', done: 'green', failed: 'red' };

/** Past segment sends, newest first: status, progress and the figures (sent, failed, skipped). */
export function SegmentSends({ orgId }: { orgId: string }) {
  const { t } = useTranslation('line');
  const sends = useLineSegmentSends(orgId);
  const tags = useTagTree(orgId, 'customer');
  const filters = useSavedFilters(orgId);
  const tagName = new Map(flattenTags(tags.data ?? []).map((tag) => [tag.id, tag.name]));
  const filterName = new Map((filters.data?.items ?? []).map((filter) => [filter.id, filter.name]));
  const audienceOf = (send: LineSegmentSend) =>
    send.tagId ? (tagName.get(send.tagId) ?? t('segments.deletedTag')) : send.savedFilterId ? `${t('segments.byFilter')}: ${filterName.get(send.savedFilterId) ?? t('segments.deletedFilter')}` : t('segments.deletedTag');
  return (
    <Card title={t('segments.history')} className="line-segments__history">
      <List
        dataSource={sends.data?.items ?? []}
        loading={sends.isLoading}
        locale={{ emptyText: t('segments.noSends') }}
        renderItem={(send) => {
          const done = send.sent + send.failed;
          return (
            <List.Item className="line-send" data-testid="segment-send">
              <div className="line-send__head">
                <Typography.Text strong>{audienceOf(send)}</Typography.Text>
                <Tag>{t(`segments.kinds.${send.kind}`)}</Tag>
                <Tag color={statusColor[send.status]}>{t(`segments.status.${send.status}`)}</Tag>
              </div>
              <Typography.Paragraph className="line-send__text" ellipsis={{ rows: 2 }}>
                {send.text}
              </Typography.Paragraph>
              {send.status === 'sending' || send.status === 'done' ? (
                <Progress percent={send.total ? Math.round((done / send.total) * 100) : 100} size="small" status={send.failed > 0 ? 'exception' : send.status === 'done' ? 'success' : 'active'} />
              ) : null}
              <Typography.Text type="secondary" className="line-send__figures">
                {send.status === 'scheduled'
                  ? t('segments.scheduledAt', { when: formatDateTime(send.scheduledAt) })
                  : t('segments.figures', { sent: send.sent, undelivered: send.failed, skipped: send.skippedOptOut + send.skippedBlocked, optedOut: send.skippedOptOut, blocked: send.skippedBlocked })}
              </Typography.Text>
              {send.error && send.status === 'failed' ? <Typography.Text type="danger">{send.error}</Typography.Text> : null}
              <Typography.Text type="secondary" className="line-send__when">
                {formatDateTime(send.createdAt)}
              </Typography.Text>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
