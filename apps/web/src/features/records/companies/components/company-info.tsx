import type { ReactElement, ReactNode } from 'react';
import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { companySaveBodySchema, type Company, type CompanyView, type CustomField } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { textOrNull } from '../../../../shared/format/text.ts';
import { InlineField, inlineTextArea } from '../../../../shared/ui/inline-field.tsx';
import { contractRule } from '../../../../shared/ui/validation.ts';
import { fieldInput } from '../../../../shared/ui/field-item.tsx';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { useOptimisticPatch } from '../../../../shared/use-optimistic-patch.ts';
import { customFieldItems } from '../../custom-fields/index.ts';
import { companyKeys } from '../../query-keys.ts';
import { useSaveCompany } from '../companies.api.ts';
import { companyToFormValues, toCompanyBody, type CompanyFormValues } from './company-form.tsx';

type TextField = 'tax' | 'url' | 'email' | 'address' | 'note';

/** Each one-value field's key in the field list (the save body names two of them differently). */
const listKey: Record<TextField, string> = { tax: 'taxId', url: 'website', email: 'email', address: 'address', note: 'note' };
/** The drawer's input of each one-value field (the field list's limits and keyboards). */
const inputs: Record<TextField, ReactElement<Record<string, unknown>>> = {
  tax: fieldInput('company', 'taxId')!,
  url: fieldInput('company', 'website', 'url')!,
  email: fieldInput('company', 'email')!,
  address: fieldInput('company', 'address')!,
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
  const title = useFieldTitle('company');
  const none = '—';
  const saveWith = (values: Partial<CompanyFormValues>, shown: Partial<Company>) =>
    patch(
      (view) => ({ ...view, company: { ...view.company, ...shown } }),
      () => save.mutateAsync({ body: toCompanyBody({ ...companyToFormValues(company), ...values }, company.id) }),
    );
  const text = (field: TextField, shown: ReactNode = company[field] ?? none) => (
    <InlineField<string>
      label={title(listKey[field])}
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
      <Descriptions.Item label={title('taxId')}>{text('tax')}</Descriptions.Item>
      <Descriptions.Item label={t('fields.otherNames')}>{company.otherNames.length ? company.otherNames.join(', ') : none}</Descriptions.Item>
      <Descriptions.Item label={title('website')}>
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
      <Descriptions.Item label={title('email')}>{text('email')}</Descriptions.Item>
      <Descriptions.Item label={title('phone')}>
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
      <Descriptions.Item label={title('address')}>{text('address')}</Descriptions.Item>
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
      <Descriptions.Item label={title('note')}>{text('note', <span className="preserve-lines">{company.note ?? none}</span>)}</Descriptions.Item>
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
