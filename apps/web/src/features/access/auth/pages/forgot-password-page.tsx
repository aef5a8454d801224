import { useState } from 'react';
import { Button, Form, Input, Steps, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordResetCode } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { emailRules } from '../../../../shared/ui/validation.ts';
import { useChangeForgottenPassword, useCheckForgotCode, useSendForgotCode } from '../auth.api.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

type Step = 0 | 1 | 2;

/** /user/forgot/password: email → the emailed 6-digit code → new password; then to login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailForm] = Form.useForm<{ email: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const [passwordForm] = Form.useForm<{ newPassword: string; rePassword: string }>();
  const sendCode = useSendForgotCode();
  const checkCode = useCheckForgotCode();
  const changePassword = useChangeForgottenPassword(t('forgot.success'));

  return (
    <AuthCard
      title={t('forgot.title')}
      footer={
        <>
          {t('forgot.remembered')} <Link to="/member/login">{t('signup.loginLink')}</Link>
        </>
      }
    >
      <Steps
        className="auth-steps"
        size="small"
        current={step}
        responsive={false}
        items={[{ title: t('forgot.stepEmail') }, { title: t('forgot.stepCode') }, { title: t('forgot.stepPassword') }]}
      />
      {step === 0 ? (
        <Form
          form={emailForm}
          name="forgot-email"
          layout="vertical"
          requiredMark={false}
          onFinish={({ email: value }) => {
            const trimmed = value.trim();
            sendCode.mutate(trimmed, {
              onSuccess: () => {
                setEmail(trimmed);
                setStep(1);
              },
            });
          }}
        >
          <Typography.Paragraph type="secondary">{t('forgot.emailHelp')}</Typography.Paragraph>
          <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={sendCode.isPending}>
            {t('forgot.sendCode')}
          </Button>
        </Form>
      ) : null}
      {step === 1 ? (
        <Form
          form={codeForm}
          name="forgot-code"
          layout="vertical"
          requiredMark={false}
          onFinish={({ code: value }) => {
            const trimmed = value.trim();
            checkCode.mutate(
              { email, code: trimmed },
              {
                onSuccess: () => {
                  setCode(trimmed);
                  setStep(2);
                },
                onError: (error) => codeForm.setFields(fieldErrorsOf(error) as never),
              },
            );
          }}
        >
          <Typography.Paragraph type="secondary">{t('forgot.codeHelp', { email })}</Typography.Paragraph>
          <Form.Item
            name="code"
            label={t('fields.code')}
            rules={[
              { required: true, message: t('common:validation.required') },
              { pattern: /^\s*\d{6}\s*$/, message: t('forgot.codeFormat') },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={passwordResetCode.length} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={checkCode.isPending}>
            {t('forgot.verify')}
          </Button>
          <div className="auth-card__row auth-card__row--split">
            <Button type="link" onClick={() => setStep(0)}>
              {t('forgot.changeEmail')}
            </Button>
            <Button type="link" loading={sendCode.isPending} onClick={() => sendCode.mutate(email)}>
              {t('forgot.resend')}
            </Button>
          </div>
        </Form>
      ) : null}
      {step === 2 ? (
        <Form
          form={passwordForm}
          name="forgot-password"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            changePassword.mutate(
              { email, code, ...values },
              {
                onSuccess: () => {
                  passwordForm.resetFields();
                  navigate('/member/login', { replace: true });
                },
                onError: (error) => passwordForm.setFields(fieldErrorsOf(error) as never),
              },
            )
          }
        >
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block size="large" loading={changePassword.isPending}>
            {t('forgot.submit')}
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
