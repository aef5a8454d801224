import '../activity-report.css';
import { AimOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reachedPercent } from '@lodestar/contract';
import { LazyTooltip } from '../../../../shared/ui/lazy-tooltip.tsx';
import { useTargetHeader } from '../activity-report.api.ts';
import { formatCount } from '../report-format.ts';

/**
 * The header's activity target (activity/targetHeader): today's share of its target reached, labelled on screen
 * (issue 30: a bare "⊙ 22%" told nobody what it counted), or this week's on a day without a target; both figures in
 * the tooltip and the link's name; a link to one's own personal report. Nothing without a profile (no target to chase).
 */
export function TargetHeader({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation('activity-report');
  const header = useTargetHeader(orgId);
  const data = header.data;
  if (!data || data.week.target === null) return null;
  const locale = i18n.language;
  const showsToday = data.today.target !== null && data.today.target > 0;
  const reached = (showsToday ? reachedPercent(data.today.points, data.today.target) : reachedPercent(data.week.points, data.week.target)) ?? 0;
  const today = data.today.target === null ? t('header.todayOff', { points: formatCount(data.today.points, locale) }) : t('header.today', { points: formatCount(data.today.points, locale), target: formatCount(data.today.target, locale) });
  const week = t('header.week', { points: formatCount(data.week.points, locale), target: formatCount(data.week.target, locale) });
  const label = showsToday ? t('header.todayLabel') : t('header.weekLabel');
  const percent = t('percent', { value: reached });
  const details = `${today} · ${week}`;
  return (
    <LazyTooltip title={`${t('header.title')}: ${details}. ${t('header.open')}`}>
      {/* The name starts with what is on screen (WCAG 2.5.3: a voice user says what they see). */}
      <Link to={`/${orgId}/activity/report/week/personal?period=${data.week.symbol}`} className="target-header" aria-label={`${label} ${percent}: ${details}`}>
        <AimOutlined aria-hidden="true" className="target-header__icon" />
        <span className="target-header__text">
          <span className="target-header__label">{label}</span>{' '}
          <span className={reached >= 100 ? 'target-header__percent target-header__percent--met' : 'target-header__percent'}>{percent}</span>
        </span>
      </Link>
    </LazyTooltip>
  );
}
