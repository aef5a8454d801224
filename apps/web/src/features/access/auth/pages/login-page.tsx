import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { email, required } from '../auth-checks.ts';
import { continueAfterSignIn, preloadSignInCalls, useLogin } from '../sign-in.api.ts';
import { AppleSignInButton } from '../components/apple-sign-in-button.tsx';
import { PasswordField, SubmitButton, TextField } from '../components/plain-fields.tsx';
import { usePlainForm } from '../use-plain-form.ts';

/** /member/login: plain HTML, no antd (the first page most visitors load, app/router.tsx). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // An invitation link passes the invited address (features/access/members accept-invitation-page.tsx).
  const form = usePlainForm({ email: params.get('email') ?? '', password: '' }, { email: email(t), password: [required(t)] });
  const login = useLogin();
  const signupLink = redirect ? `/member/signup?redirect=${encodeURIComponent(redirect)}` : '/member/signup';
  useEffect(preloadSignInCalls, []);

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <Link to={signupLink}>{t('login.signupLink')}</Link>
        </>
      }
    >
      <form
        name="login"
        noValidate
        onSubmit={form.onSubmit((values) =>
          login.mutate(
            { email: values.email.trim(), password: values.password },
            { onSuccess: () => void continueAfterSignIn(redirect, navigate), onError: form.showServerErrors },
          ),
        )}
      >
        <TextField {...form.field('email')} label={t('fields.email')} type="email" autoComplete="email" autoFocus />
        <PasswordField {...form.field('password')} label={t('fields.password')} autoComplete="current-password" />
        <div className="auth-card__row">
          <Link to="/user/forgot/password">{t('login.forgot')}</Link>
        </div>
        <SubmitButton loading={login.isPending}>{t('login.submit')}</SubmitButton>
      </form>
      <AppleSignInButton redirect={redirect} />
    </AuthCard>
  );
}
