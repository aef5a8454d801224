import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Form, Space } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { compressImage } from '../../../../shared/format/image.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';

export interface AvatarChange {
  file: File | null;
  remove: boolean;
}

/** The contact photo: current one, a new pick (compressed, previewed) or removal. */
export function AvatarField({ currentUrl, value, onChange }: { currentUrl: string | null; value: AvatarChange; onChange: (next: AvatarChange) => void }) {
  const { t } = useTranslation('contacts');
  const input = useRef<HTMLInputElement>(null);
  const current = useAuthorizedImage(value.remove ? null : currentUrl);
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!value.file) {
      setPreview(undefined);
      return undefined;
    }
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);
  const shown = preview ?? current;
  return (
    <Form.Item label={t('fields.avatar')}>
      <Space size={12}>
        <Avatar size={56} src={shown} icon={shown ? undefined : <UserOutlined aria-hidden="true" />} alt="" />
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onChange({ file: await compressImage(file), remove: false });
          }}
        />
        <Button icon={<UploadOutlined aria-hidden="true" />} onClick={() => input.current?.click()}>
          {t('avatarUpload')}
        </Button>
        {shown ? (
          <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange({ file: null, remove: Boolean(currentUrl) })}>
            {t('avatarRemove')}
          </Button>
        ) : null}
      </Space>
    </Form.Item>
  );
}
