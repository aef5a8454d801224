import { Button, Input, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../shared/ui/feedback.ts';

/** A read-only value with its label and a copy button (server URL, username, a new password). */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation('carddav');
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    void feedback.message.success(t('copied'));
  };
  return (
    <div className="carddav-field">
      <label htmlFor={id}>{label}</label>
      <Space.Compact className="carddav-field__row">
        <Input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
        <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()} aria-label={t('copyNamed', { name: label })}>
          {t('copy')}
        </Button>
      </Space.Compact>
    </div>
  );
}
