import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordResetCode } from '@lodestar/contract';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { confirmation, email as emailChecks, required, strongPassword } from '../auth-checks.ts';
import { preloadSignInCalls, useChangeForgottenPassword, useCheckForgotCode, useSendForgotCode } from '../sign-in.api.ts';
import { LinkButton, PasswordField, SubmitButton, TextField } from '../components/plain-fields.tsx';
import { usePlainForm } from '../use-plain-form.ts';
import styles from '../components/auth-form.module.css';

type Step = 0 | 1 | 2;

/** /user/forgot/password: email → the emailed 6-digit code → new password; then to login. Plain HTML, no antd. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const emailForm = usePlainForm({ email: '' }, { email: emailChecks(t) });
  const codeForm = usePlainForm(
    { code: '' },
    { code: [required(t), (value) => (/^\s*\d{6}\s*$/.test(value) ? null : t('forgot.codeFormat'))] },
  );
  const passwordForm = usePlainForm({ newPassword: '', rePassword: '' }, { newPassword: strongPassword(t), rePassword: confirmation(t, 'newPassword') });
  const sendCode = useSendForgotCode();
  const checkCode = useCheckForgotCode();
  const changePassword = useChangeForgottenPassword(t('forgot.success'));
  useEffect(preloadSignInCalls, []);
  const steps = [t('forgot.stepEmail'), t('forgot.stepCode'), t('forgot.stepPassword')];

  return (
    <AuthCard
      title={t('forgot.title')}
      footer={
        <>
          {t('forgot.remembered')} <Link to="/member/login">{t('signup.loginLink')}</Link>
        </>
      }
    >
      <ol className={styles.steps}>
        {steps.map((title, index) => (
          <li key={title} className={`${styles.step} ${index < step ? styles.stepDone : ''}`} aria-current={index === step ? 'step' : undefined}>
            {title}
          </li>
        ))}
      </ol>
      {step === 0 ? (
        <form
          name="forgot-email"
          noValidate
          onSubmit={emailForm.onSubmit(({ email: value }) => {
            const trimmed = value.trim();
            sendCode.mutate(trimmed, {
              onSuccess: () => {
                setEmail(trimmed);
                setStep(1);
              },
            });
          })}
        >
          <p className={styles.help}>{t('forgot.emailHelp')}</p>
          <TextField {...emailForm.field('email')} label={t('fields.email')} type="email" autoComplete="email" autoFocus />
          <SubmitButton loading={sendCode.isPending}>{t('forgot.sendCode')}</SubmitButton>
        </form>
      ) : null}
      {step === 1 ? (
        <form
          name="forgot-code"
          noValidate
          onSubmit={codeForm.onSubmit(({ code: value }) => {
            const trimmed = value.trim();
            checkCode.mutate(
              { email, code: trimmed },
              {
                onSuccess: () => {
                  setCode(trimmed);
                  setStep(2);
                },
                onError: codeForm.showServerErrors,
              },
            );
          })}
        >
          <p className={styles.help}>{t('forgot.codeHelp', { email })}</p>
          <TextField
            {...codeForm.field('code')}
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={passwordResetCode.length}
            autoFocus
          />
          <SubmitButton loading={checkCode.isPending}>{t('forgot.verify')}</SubmitButton>
          <div className="auth-card__row auth-card__row--split">
            <LinkButton onClick={() => setStep(0)}>{t('forgot.changeEmail')}</LinkButton>
            <LinkButton loading={sendCode.isPending} onClick={() => sendCode.mutate(email)}>
              {t('forgot.resend')}
            </LinkButton>
          </div>
        </form>
      ) : null}
      {step === 2 ? (
        <form
          name="forgot-password"
          noValidate
          onSubmit={passwordForm.onSubmit((values) =>
            changePassword.mutate(
              { email, code, ...values },
              {
                onSuccess: () => {
                  passwordForm.reset();
                  navigate('/member/login', { replace: true });
                },
                onError: passwordForm.showServerErrors,
              },
            ),
          )}
        >
          <PasswordField {...passwordForm.field('newPassword')} label={t('fields.newPassword')} autoComplete="new-password" hint={t('passwordHint')} autoFocus />
          <PasswordField {...passwordForm.field('rePassword')} label={t('fields.confirmPassword')} autoComplete="new-password" />
          <SubmitButton loading={changePassword.isPending}>{t('forgot.submit')}</SubmitButton>
        </form>
      ) : null}
    </AuthCard>
  );
}
