import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { reconcileLanguageAfterSignIn } from '../../../../shared/language.ts';
import { safeRedirectPath } from '../../../../shared/navigation.ts';
import { fetchProfile } from '../../../../shared/profile.api.ts';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { emailRules } from '../../../../shared/ui/validation.ts';
import { useLogin } from '../auth.api.ts';
import { AppleSignInButton } from '../components/apple-sign-in-button.tsx';

interface LoginValues {
  email: string;
  password: string;
}

/** Where to go after signing in: the `redirect` parameter if safe, else the org redirect. */
export function afterSignInPath(redirect: string | null): string {
  return safeRedirectPath(redirect) ?? '/org/redirect';
}

/** Goes on after sign-in; a full load when the profile's language has to be applied. */
export async function continueAfterSignIn(redirect: string | null, navigate: (to: string, options: { replace: boolean }) => void) {
  const target = afterSignInPath(redirect);
  try {
    const profile = await fetchProfile();
    if (await reconcileLanguageAfterSignIn(profile.language)) {
      window.location.assign(target);
      return;
    }
  } catch {
    // The org redirect reads the profile again and handles its failure.
  }
  navigate(target, { replace: true });
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const signupLink = redirect ? `/member/signup?redirect=${encodeURIComponent(redirect)}` : '/member/signup';

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
      <Form<LoginValues>
        form={form}
        name="login"
        // An invitation link passes the invited address (features/access/members accept-invitation-page.tsx).
        initialValues={{ email: params.get('email') ?? '' }}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          login.mutate(
            { email: values.email.trim(), password: values.password },
            {
              onSuccess: () => void continueAfterSignIn(redirect, navigate),
              onError: (error) => form.setFields(fieldErrorsOf(error) as never),
            },
          )
        }
      >
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="auth-card__row">
          <Link to="/user/forgot/password">{t('login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <AppleSignInButton redirect={redirect} />
    </AuthCard>
  );
}
