import { Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '@lodestar/contract';

/** The client, company and deal a completed schedule was linked to, as links to their pages. */
export function EntryLinks({ orgId, entry }: { orgId: string; entry: ActivityEntry }) {
  const { t } = useTranslation('activity-report');
  const links = [
    entry.client && { key: 'client', label: t('links.client'), to: `/${orgId}/contact/detail/${entry.client.id}`, name: entry.client.name },
    entry.company && { key: 'company', label: t('links.company'), to: `/${orgId}/company/detail/${entry.company.id}`, name: entry.company.name },
    entry.deal && { key: 'deal', label: t('links.deal'), to: `/${orgId}/deal/detail/${entry.deal.id}`, name: entry.deal.name },
  ].filter((link) => Boolean(link)) as { key: string; label: string; to: string; name: string }[];
  if (links.length === 0) return null;
  return (
    <Space wrap size="small" className="entry-links">
      {links.map((link) => (
        <span key={link.key}>
          {link.label}: <Link to={link.to}>{link.name}</Link>
        </span>
      ))}
    </Space>
  );
}
