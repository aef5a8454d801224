import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PersonNameFields } from '../../../../shared/ui/person-name-fields.tsx';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { confirmPasswordRules, emailRules, requiredRule, strongPasswordRules } from '../../../../shared/ui/validation.ts';
import { useRegister } from '../auth.api.ts';
import { continueAfterSignIn } from './login-page.tsx';
import { AppleSignInButton } from '../components/apple-sign-in-button.tsx';

interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [form] = Form.useForm<SignupValues>();
  const register = useRegister(t('signup.success'));
  const loginLink = redirect ? `/member/login?redirect=${encodeURIComponent(redirect)}` : '/member/login';

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
      <Form<SignupValues>
        form={form}
        name="signup"
        // An invitation link passes the invited address (features/access/members accept-invitation-page.tsx).
        initialValues={{ email: params.get('email') ?? '' }}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          register.mutate(
            {
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              email: values.email.trim(),
              password: values.password,
            },
            {
              onSuccess: () => void continueAfterSignIn(redirect, navigate),
              onError: (error) => form.setFields(fieldErrorsOf(error) as never),
            },
          )
        }
      >
        <PersonNameFields firstLabel={t('fields.firstName')} lastLabel={t('fields.lastName')} rules={[requiredRule(t)]} maxLength={50} autofill autoFocus />
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={strongPasswordRules(t)} extra={t('passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={confirmPasswordRules(t, 'password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('signup.submit')}
        </Button>
      </Form>
      <AppleSignInButton redirect={redirect} />
    </AuthCard>
  );
}
