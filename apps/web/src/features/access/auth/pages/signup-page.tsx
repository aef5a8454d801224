import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '@lodestar/contract';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { confirmation, email, required, strongPassword } from '../auth-checks.ts';
import { continueAfterSignIn, preloadSignInCalls, useRegister } from '../sign-in.api.ts';
import { AppleSignInButton } from '../components/apple-sign-in-button.tsx';
import { PasswordField, SubmitButton, TextField } from '../components/plain-fields.tsx';
import { usePlainForm } from '../use-plain-form.ts';
import styles from '../components/auth-form.module.css';

/** /member/signup: plain HTML, no antd (app/router.tsx). */
export function SignupPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // An invitation link passes the invited address (features/access/members accept-invitation-page.tsx).
  const form = usePlainForm(
    { lastName: '', firstName: '', email: params.get('email') ?? '', password: '', confirmPassword: '' },
    { lastName: [required(t)], firstName: [required(t)], email: email(t), password: strongPassword(t), confirmPassword: confirmation(t, 'password') },
  );
  const register = useRegister(t('signup.success'));
  const loginLink = redirect ? `/member/login?redirect=${encodeURIComponent(redirect)}` : '/member/login';
  useEffect(preloadSignInCalls, []);
  // firstName is the given name in every language (docs/decisions/0012-person-names.md); Chinese asks the family name first.
  const familyFirst = resolveLocale(i18n.language) !== 'en-US';
  const given = <TextField key="firstName" {...form.field('firstName')} label={t('fields.firstName')} autoComplete="given-name" maxLength={50} autoFocus={!familyFirst} />;
  const family = <TextField key="lastName" {...form.field('lastName')} label={t('fields.lastName')} autoComplete="family-name" maxLength={50} autoFocus={familyFirst} />;

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {t('signup.haveAccount')} <Link to={loginLink}>{t('signup.loginLink')}</Link>
        </>
      }
    >
      <form
        name="signup"
        noValidate
        onSubmit={form.onSubmit((values) =>
          register.mutate(
            { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), password: values.password },
            { onSuccess: () => void continueAfterSignIn(redirect, navigate), onError: form.showServerErrors },
          ),
        )}
      >
        <div className={styles.names}>{familyFirst ? [family, given] : [given, family]}</div>
        <TextField {...form.field('email')} label={t('fields.email')} type="email" autoComplete="email" />
        <PasswordField {...form.field('password')} label={t('fields.password')} autoComplete="new-password" hint={t('passwordHint')} />
        <PasswordField {...form.field('confirmPassword')} label={t('fields.confirmPassword')} autoComplete="new-password" />
        <SubmitButton loading={register.isPending}>{t('signup.submit')}</SubmitButton>
      </form>
      <AppleSignInButton redirect={redirect} />
    </AuthCard>
  );
}
