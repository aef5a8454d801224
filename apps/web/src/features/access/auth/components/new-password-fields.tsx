import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, strongPasswordRules } from '../../../../shared/ui/validation.ts';

/** New password and its confirmation, as the forgot-password and reset-link pages ask for them. */
export function NewPasswordFields() {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item name="newPassword" label={t('fields.newPassword')} rules={strongPasswordRules(t)} extra={t('passwordHint')}>
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item name="rePassword" label={t('fields.confirmPassword')} dependencies={['newPassword']} rules={confirmPasswordRules(t, 'newPassword')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
