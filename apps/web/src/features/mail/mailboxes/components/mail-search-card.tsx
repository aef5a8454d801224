import { useDeferredValue, useState } from 'react';
import { Card, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useEmailSearch } from '../mailboxes.api.ts';

/**
 * Search the stored e-mail by subject and body (2 characters suffice for Chinese): the member's own, and colleagues'
 * that are not private on contacts and companies the member sees; each hit opens the record it is read on.
 */
export function MailSearchCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation('mailboxes');
  const [q, setQ] = useState('');
  const keyword = useDeferredValue(q.trim());
  const found = useEmailSearch(orgId, keyword);
  const ready = keyword.length >= 2;
  return (
    <Card
      title={
        <Typography.Title level={2} className="side-title">
          {t('search.title')}
        </Typography.Title>
      }
      data-testid="mail-search"
    >
      <Input.Search allowClear value={q} onChange={(event) => setQ(event.target.value)} placeholder={t('search.placeholder')} aria-label={t('search.label')} maxLength={100} />
      {ready && found.isPending ? <LoadingState /> : null}
      {found.isError ? <ErrorState error={found.error} onRetry={() => void found.refetch()} /> : null}
      {ready && found.data && found.data.items.length === 0 ? <Typography.Paragraph type="secondary" className="mailbox-form__actions">{t('search.none', { q: keyword })}</Typography.Paragraph> : null}
      {ready && found.data && found.data.items.length > 0 ? (
        <ul className="mail-search__hits">
          {found.data.items.map((hit) => (
            <li key={hit.id} className="mail-search__hit">
              <Link className="mail-search__subject" to={`/${orgId}/${hit.record.entityType}/detail/${hit.record.id}`}>
                {hit.subject || t('mail.noSubject')}
              </Link>
              <div className="mail-search__meta">
                <Typography.Text type="secondary">{hit.direction === 'in' ? t('search.from', { name: hit.from.name || hit.from.address }) : t('search.sent')}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(hit.sentAt)}</Typography.Text>
                <Typography.Text type="secondary">{t('search.on', { name: hit.record.name })}</Typography.Text>
              </div>
              {hit.excerpt ? <Typography.Paragraph className="record-mail__text">{hit.excerpt}</Typography.Paragraph> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
