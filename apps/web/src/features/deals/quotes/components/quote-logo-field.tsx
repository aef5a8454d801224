import { useRef } from 'react';
import { Button, Form, Space } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { compressImage } from '../../../../shared/format/image.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { useQuoteLogo } from '../quotes.api.ts';
import '../quotes.css';

/** Settings → Quotes: the letterhead's logo (new quotes print it on the PDF and show it on the customer's page). */
export function QuoteLogoField({ orgId, logoUrl }: { orgId: string; logoUrl: string | null }) {
  const { t } = useTranslation('quotes');
  const { upload, remove } = useQuoteLogo(orgId, t('settings.logoSaved'));
  const logo = useAuthorizedImage(logoUrl);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Form.Item label={t('settings.logo')} extra={t('settings.logoHint')}>
      <Space wrap>
        {logo ? <img src={logo} alt={t('settings.logoAlt')} className="quote-logo-preview" data-testid="quote-logo-preview" /> : null}
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="quote-logo-input"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(await compressImage(file));
          }}
        />
        <Button icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => fileInput.current?.click()}>
          {logoUrl ? t('settings.logoReplace') : t('settings.logoUpload')}
        </Button>
        {logoUrl ? (
          <Button icon={<DeleteOutlined aria-hidden="true" />} loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('settings.logoRemove')}
          </Button>
        ) : null}
      </Space>
    </Form.Item>
  );
}
