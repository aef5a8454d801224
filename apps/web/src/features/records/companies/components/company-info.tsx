import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Company } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { formatDynamicValue, useCustomFields } from '../../custom-fields/index.ts';

export function CompanyInfo({ orgId, company }: { orgId: string; company: Company }) {
  const { t } = useTranslation('companies');
  const fields = useCustomFields(orgId, 'company');
  const none = '—';
  return (
    <Descriptions column={1} size="small" bordered className="record-info">
      <Descriptions.Item label={t('fields.tax')}>{company.tax ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.otherNames')}>{company.otherNames.length ? company.otherNames.join(', ') : none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.url')}>
        {company.url ? (
          <a href={/^https?:\/\//i.test(company.url) ? company.url : `https://${company.url}`} target="_blank" rel="noreferrer noopener">
            {company.url}
          </a>
        ) : (
          none
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.email')}>{company.email ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.phones')}>
        {company.phones.length === 0 ? none : (
          <Space direction="vertical" size={0}>
            {company.phones.map((phone, index) => (
              <span key={index}>
                {phone.type === 'other' && phone.otherType ? phone.otherType : t(`phoneTypes.${phone.type}`)}: {phone.value}
              </span>
            ))}
          </Space>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.address')}>{company.address ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.socials')}>
        {company.socials.length === 0 ? none : (
          <Space direction="vertical" size={0}>
            {company.socials.map((social, index) => (
              <span key={index}>
                {t(`socialTypes.${social.type}`)}: {social.account}
              </span>
            ))}
          </Space>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.owner')}>{company.owner?.name ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.note')}>
        <span className="preserve-lines">{company.note ?? none}</span>
      </Descriptions.Item>
      {(fields.data ?? []).map((field) => (
        <Descriptions.Item key={field.id} label={field.title}>
          {formatDynamicValue(company.dynamicFields[field.id], field) || none}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(company.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}
