import { Button, Divider } from 'antd';
import { AppleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppleConfig, useStartAppleSignIn } from '../auth.api.ts';

/** "Sign in with Apple" under the login and sign-up forms; nothing while the server has Apple off. */
export function AppleSignInButton({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const config = useAppleConfig();
  const start = useStartAppleSignIn();
  if (!config.data?.enabled) return null;
  return (
    <>
      <Divider plain className="auth-card__or">
        {t('apple.or')}
      </Divider>
      <Button
        block
        size="large"
        className="apple-sign-in-button"
        icon={<AppleFilled aria-hidden="true" />}
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate(redirect)}
      >
        {t('apple.button')}
      </Button>
    </>
  );
}
