import { Button, Form, Result, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { AuthCard } from '../../../../shared/ui/auth-card.tsx';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useResetLink, useResetPassword } from '../auth.api.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';

/**
 * /user/resetPassword?code=: the link of the forgot-password mail. The route guard has already cleared
 * any stored session (docs/product.md#screens); the code is checked, then a new password is set.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const link = useResetLink(code);
  const reset = useResetPassword(t('reset.success'));
  const [form] = Form.useForm<{ newPassword: string; rePassword: string }>();

  const invalid = !code || link.isError;
  return (
    <AuthCard title={t('reset.title')}>
      {link.isLoading ? <LoadingState /> : null}
      {invalid ? (
        <Result
          status="warning"
          title={t('reset.invalidTitle')}
          subTitle={t('reset.invalidText')}
          extra={
            <Button type="primary" onClick={() => navigate('/user/forgot/password')}>
              {t('reset.requestAgain')}
            </Button>
          }
        />
      ) : null}
      {link.data && code ? (
        <Form
          form={form}
          name="reset-password"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            reset.mutate(
              { code, ...values },
              {
                onSuccess: () => {
                  form.resetFields();
                  navigate('/member/login', { replace: true });
                },
                onError: (error) => form.setFields(fieldErrorsOf(error) as never),
              },
            )
          }
        >
          <Typography.Paragraph type="secondary">{t('reset.forEmail', { email: link.data.email })}</Typography.Paragraph>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
