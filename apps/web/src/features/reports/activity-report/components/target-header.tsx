import '../activity-report.css';
import { Tooltip } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reachedPercent } from '@lodestar/contract';
import { useTargetHeader } from '../activity-report.api.ts';
import { formatCount } from '../report-format.ts';

/**
 * The header's activity target (activity/targetHeader): the percentage of this week's target reached (the
 * figures, today's too, in the tooltip and the link's name, keeping the crowded header narrow); a link to one's own personal report. Nothing without a profile (no target to chase).
 */
export function TargetHeader({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation('activity-report');
  const header = useTargetHeader(orgId);
  const data = header.data;
  if (!data || data.week.target === null) return null;
  const locale = i18n.language;
  const week = reachedPercent(data.week.points, data.week.target) ?? 0;
  const today = data.today.target === null ? t('header.todayOff', { points: formatCount(data.today.points, locale) }) : t('header.today', { points: formatCount(data.today.points, locale), target: formatCount(data.today.target, locale) });
  const label = t('header.week', { points: formatCount(data.week.points, locale), target: formatCount(data.week.target, locale) });
  const percent = t('percent', { value: week });
  return (
    <Tooltip title={`${label} · ${today}`}>
      {/* The name starts with the visible percentage (WCAG 2.5.3: a voice user says what they see). */}
      <Link to={`/${orgId}/activity/report/week/personal?period=${data.week.symbol}`} className="target-header" aria-label={`${percent}: ${label}. ${today}`}>
        <AimOutlined aria-hidden="true" />
        <span className={week >= 100 ? 'target-header__percent target-header__percent--met' : 'target-header__percent'}>{percent}</span>
      </Link>
    </Tooltip>
  );
}
