import { Alert, Button, Space, Typography } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api-client.ts';
import { useSession } from '../../../../shared/session.ts';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { useLogout } from '../../auth/index.ts';
import { goToWorkspaceHome, useSwitchOrganization } from '../../organizations/index.ts';
import { useAcceptInvitation, useInvitationPreview } from '../members.api.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invitation link's own URL, kept as the redirect through login or sign-up (docs/product.md#screens). */
export function invitationRedirect(pathname: string, search: string): string {
  return encodeURIComponent(pathname + search);
}

/**
 * /user/orgAccepted?orgId=&userId= (the invitation mail's link). Signed out: log in or sign up, coming
 * back here afterwards. Signed in: accept, which activates the membership and opens the workspace.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('members');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const accept = useAcceptInvitation(t('accept.accepted'));
  const switchOrganization = useSwitchOrganization();
  const logout = useLogout();
  const orgId = params.get('orgId') ?? '';
  const userId = params.get('userId') ?? '';
  const redirect = invitationRedirect(location.pathname, location.search);
  const isValid = uuidPattern.test(orgId) && uuidPattern.test(userId);
  const preview = useInvitationPreview(orgId, userId, isValid);
  const invited = preview.data;
  // Named once the preview arrives: "<inviter> invited you to join <workspace>".
  const title = invited ? t('accept.titleNamed', { workspace: invited.orgName }) : t('accept.title');
  const invitedBy = invited ? (invited.inviterName ? t('accept.invitedBy', { inviter: invited.inviterName, workspace: invited.orgName }) : t('accept.invitedTo', { workspace: invited.orgName })) : null;
  const previewGone = preview.error instanceof ApiError && preview.error.status === 404;

  if (!isValid) {
    return (
      <AuthCard title={t('accept.title')}>
        <Alert type="error" showIcon title={t('accept.invalidLink')} />
        <div className="auth-card__footer">
          <Link to="/org/redirect">{t('common:actions.backHome')}</Link>
        </div>
      </AuthCard>
    );
  }

  if (!session.token) {
    // Sign-up and login prefill the invited address; an address that has an account leads with login.
    const emailParam = invited?.email ? `&email=${encodeURIComponent(invited.email)}` : '';
    const loginFirst = invited?.hasAccount === true;
    return (
      <AuthCard title={title} subtitle={invitedBy ?? t('accept.signedOutText')}>
        {previewGone ? <Alert className="form-tip" type="warning" showIcon title={t('accept.gone')} /> : null}
        {invited ? <Typography.Paragraph>{t('accept.signedOutText')}</Typography.Paragraph> : null}
        <Space orientation="vertical" size={12} className="full-width">
          <Button type={loginFirst ? 'primary' : 'default'} size="large" block href={`/member/login?redirect=${redirect}${emailParam}`}>
            {t('accept.login')}
          </Button>
          <Button type={loginFirst ? 'default' : 'primary'} size="large" block href={`/member/signup?redirect=${redirect}${emailParam}`} data-testid="invitation-signup">
            {t('accept.signup')}
          </Button>
        </Space>
      </AuthCard>
    );
  }

  const error = accept.error instanceof ApiError ? accept.error : null;
  const wrongAccount = error?.code === 'INVITATION_WRONG_ACCOUNT';
  const gone = error?.status === 404;
  const email = session.profile?.email ?? '';
  const switchAccount = () =>
    logout.mutate(undefined, { onSettled: () => navigate(`/member/login?redirect=${redirect}`, { replace: true }) });
  return (
    <AuthCard title={title} subtitle={invitedBy ?? t('accept.signedInText')}>
      {invited ? <Typography.Paragraph>{t('accept.signedInText')}</Typography.Paragraph> : null}
      <Typography.Paragraph>{t('accept.signedInAs', { email })}</Typography.Paragraph>
      {error ? <Alert className="form-tip" type="error" showIcon title={error.message} /> : null}
      {wrongAccount ? (
        <Button type="primary" size="large" block loading={logout.isPending} onClick={switchAccount}>
          {t('accept.switchAccount')}
        </Button>
      ) : gone ? (
        <Button type="primary" size="large" block onClick={() => navigate('/org/redirect')}>
          {t('common:actions.backHome')}
        </Button>
      ) : (
        <Button
          type="primary"
          size="large"
          block
          loading={accept.isPending || switchOrganization.isPending}
          onClick={() =>
            accept.mutate(
              { orgId, userId },
              {
                onSuccess: (joined) =>
                  switchOrganization.mutate({ orgId: joined.orgId, name: joined.orgName }, { onSettled: () => goToWorkspaceHome(joined.orgId) }),
              },
            )
          }
        >
          {t('accept.submit')}
        </Button>
      )}
      {wrongAccount ? null : (
        <div className="auth-card__footer">
          {t('accept.notYou')}{' '}
          <Button type="link" className="inline-link" onClick={switchAccount}>
            {t('accept.switchAccount')}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
