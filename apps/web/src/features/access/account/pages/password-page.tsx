import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { confirmPasswordRules, strongPasswordRules } from '../../../../shared/ui/validation.ts';
import { useChangePassword } from '../account.api.ts';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  rePassword: string;
}

export function PasswordPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('password.title'));
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword(t('password.success'));
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('password.title')}</Typography.Title>}>
      <Typography.Paragraph type="secondary">{t('password.intro')}</Typography.Paragraph>
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        className="narrow-form"
        onFinish={(values) =>
          change.mutate(values, {
            onSuccess: () => form.resetFields(),
            onError: (error) => form.setFields(fieldErrorsOf(error) as never),
          })
        }
      >
        <Form.Item name="currentPassword" label={t('password.current')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} rules={strongPasswordRules(t)} extra={t('password.hint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePassword" label={t('password.confirm')} dependencies={['newPassword']} rules={confirmPasswordRules(t, 'newPassword')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
