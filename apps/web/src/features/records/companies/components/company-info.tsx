import type { ReactElement, ReactNode } from 'react';
import { Descriptions, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { companySaveBodySchema, type Company, type CompanyView, type CustomField } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { textOrNull } from '../../../../shared/format/text.ts';
import { InlineField, inlineTextArea } from '../../../../shared/ui/inline-field.tsx';
import { contractRule } from '../../../../shared/ui/validation.ts';
import { useOptimisticPatch } from '../../../../shared/use-optimistic-patch.ts';
import { customFieldItems } from '../../custom-fields/index.ts';
import { companyKeys } from '../../query-keys.ts';
import { useSaveCompany } from '../companies.api.ts';
import { companyToFormValues, toCompanyBody, type CompanyFormValues } from './company-form.tsx';

type TextField = 'tax' | 'url' | 'email' | 'address' | 'note';

/** The drawer's input of each one-value field (length limits and keyboards). */
const inputs: Record<TextField, ReactElement<Record<string, unknown>>> = {
  tax: <Input autoComplete="off" maxLength={50} />,
  url: <Input inputMode="url" maxLength={500} />,
  email: <Input inputMode="email" maxLength={254} />,
  address: <Input maxLength={300} />,
  note: inlineTextArea,
};

/**
 * Every field of a company; an editor changes the one-value fields and the custom fields in place, validated by
 * the contract's companySaveBodySchema like the drawer (the phone and social lists in the drawer).
 */
export function CompanyInfo({ orgId, company, fields, canEdit }: { orgId: string; company: Company; fields: CustomField[]; canEdit: boolean }) {
  const { t } = useTranslation('companies');
  const save = useSaveCompany(orgId, t('notices.updated'));
  const patch = useOptimisticPatch<CompanyView>(companyKeys.view(orgId, company.id));
  const none = '—';
  const saveWith = (values: Partial<CompanyFormValues>, shown: Partial<Company>) =>
    patch(
      (view) => ({ ...view, company: { ...view.company, ...shown } }),
      () => save.mutateAsync({ body: toCompanyBody({ ...companyToFormValues(company), ...values }, company.id) }),
    );
  const text = (field: TextField, shown: ReactNode = company[field] ?? none) => (
    <InlineField<string>
      label={t(`fields.${field}`)}
      value={company[field] ?? undefined}
      rules={[contractRule(companySaveBodySchema.shape[field])]}
      input={inputs[field]}
      multiline={field === 'note'}
      canEdit={canEdit}
      onSave={(value) => saveWith({ [field]: value }, { [field]: textOrNull(value) })}
      testId={`inline-${field}`}
    >
      {shown}
    </InlineField>
  );
  return (
    <Descriptions column={1} size="small" bordered className="record-info">
      <Descriptions.Item label={t('fields.tax')}>{text('tax')}</Descriptions.Item>
      <Descriptions.Item label={t('fields.otherNames')}>{company.otherNames.length ? company.otherNames.join(', ') : none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.url')}>
        {text(
          'url',
          company.url ? (
            <a href={/^https?:\/\//i.test(company.url) ? company.url : `https://${company.url}`} target="_blank" rel="noreferrer noopener">
              {company.url}
            </a>
          ) : (
            none
          ),
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.email')}>{text('email')}</Descriptions.Item>
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
      <Descriptions.Item label={t('fields.address')}>{text('address')}</Descriptions.Item>
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
      <Descriptions.Item label={t('fields.note')}>{text('note', <span className="preserve-lines">{company.note ?? none}</span>)}</Descriptions.Item>
      {customFieldItems({
        fields,
        values: company.dynamicFields,
        canEdit,
        none,
        t,
        onSave: (fieldId, value) => {
          const dynamicFields = { ...company.dynamicFields, [fieldId]: value } as Company['dynamicFields'];
          return saveWith({ dynamicFields }, { dynamicFields });
        },
      })}
      <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(company.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}
