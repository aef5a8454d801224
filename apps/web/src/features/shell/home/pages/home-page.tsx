import { useEffect, useState } from 'react';
import { greetingName } from '@lodestar/contract';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { greetingAt } from '../../../../shared/format/dates.ts';
import { useProfile } from '../../../../shared/profile.api.ts';
import { useSession } from '../../../../shared/session.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { RecentContactsCard } from '../../../records/contacts/index.ts';
import { useOrganization } from '../../../access/organizations/index.ts';
import { WorkspaceCard } from '../components/workspace-card.tsx';
import { DashboardCards } from '../../../reports/dashboard/index.ts';
import { FirstRunGuide, preloadFirstRunGuide, useGuide } from '../../guide/index.ts';
import { LogActivityButton } from '../../../calendar/activity-log/index.ts';

/**
 * /{orgId}/index: the morning dashboard — the greeting by time of day, today's schedules and reminders, this month's
 * sales against target, stalled and expected-close deals (features/reports/dashboard), the clients added this week
 * and the workspace; above them, while it is open, the creator's first-run guide (features/shell/guide).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('title'));
  const { orgId } = useParams();
  const organization = useOrganization(orgId);
  const { can } = usePermissions(orgId);
  const profile = useProfile();
  // The guide (while open) sits above the dashboard and the workspace: they wait for its state rather than being
  // pushed down the page when the guide arrives (a layout shift of most of a phone's screen).
  const guide = useGuide(orgId ?? '');
  const guideOpen = guide.data?.status === 'open';
  const firstStep = guide.data?.current;
  const [guideLoaded, setGuideLoaded] = useState(false);
  useEffect(() => {
    if (guideOpen && firstStep) void preloadFirstRunGuide(firstStep).then(() => setGuideLoaded(true), () => setGuideLoaded(true));
  }, [guideOpen, firstStep]);
  const guideKnown = (!guide.isPending || guide.isError) && (!guideOpen || guideLoaded);
  const session = useSession();
  const firstName = profile.data?.firstName ?? session.user?.firstName ?? '';
  const nameToGreet = profile.data ? greetingName(profile.data.firstName, profile.data.lastName) : firstName;
  const dateLabel = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'full' }).format(new Date());

  return (
    <div className="page-stack">
      <section className="greeting-card">
        <h1 data-testid="home-greeting" className="greeting-card__title">
          {t(`common:greeting.${greetingAt()}`, { name: nameToGreet })}
        </h1>
        <span className="greeting-card__date">{dateLabel}</span>
        {orgId ? (
          <div className="greeting-card__actions">
            <LogActivityButton orgId={orgId} />
          </div>
        ) : null}
      </section>
      {guideKnown ? (
        <>
          {orgId && guideOpen ? <FirstRunGuide orgId={orgId} /> : null}
          {organization.isLoading ? <LoadingState /> : null}
          {organization.isError ? <ErrorState error={organization.error} onRetry={() => void organization.refetch()} /> : null}
          {orgId && (profile.data?.id ?? session.user?.id) ? <DashboardCards orgId={orgId} userId={profile.data?.id ?? session.user?.id ?? ''} /> : null}
          {orgId && can('contact', 'view') ? <RecentContactsCard orgId={orgId} /> : null}
          {organization.data ? <WorkspaceCard organization={organization.data} /> : null}
        </>
      ) : (
        <LoadingState />
      )}
    </div>
  );
}
