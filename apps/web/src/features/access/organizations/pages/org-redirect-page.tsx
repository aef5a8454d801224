import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../../shared/profile.api.ts';
import { pickOrgRedirect, safeRedirectPath } from '../../../../shared/navigation.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';

/** /org/redirect: picks the organization (docs/product.md#screens). */
export function OrgRedirectPage() {
  const { t } = useTranslation('organizations');
  usePageTitle(t('redirecting'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const uid = params.get('uid');
  const profile = useProfile();

  useEffect(() => {
    if (redirect) {
      navigate(pickOrgRedirect({ redirect, uid, defaultOrgId: null }), { replace: true });
    } else if (profile.data) {
      navigate(pickOrgRedirect({ redirect: null, uid, defaultOrgId: profile.data.orgId }), { replace: true });
    }
  }, [redirect, uid, profile.data, navigate]);

  return (
    <main className="centered-page">
      {profile.isError ? <ErrorState error={profile.error} onRetry={() => void profile.refetch()} /> : <LoadingState label={t('redirecting')} />}
    </main>
  );
}
