import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyPhoneTypes, companySaveBodySchema, debounceMs, socialTypes, type Company, type CompanySaveInput, type DynamicFieldValues } from '@lodestar/contract';
import { ApiError } from '../../../../shared/api-client.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { contractRule, requiredRule } from '../../../../shared/ui/validation.ts';
import { textOrNull } from '../../../../shared/format/text.ts';
import { TypedRows, filledRows } from '../../../../shared/ui/typed-rows.tsx';
import { FieldItem } from '../../../../shared/ui/field-item.tsx';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { TagSelect } from '../../tags/index.ts';
import { DynamicFieldInputs, cleanDynamicValues } from '../../custom-fields/index.ts';
import { useCompanyDuplicate } from '../companies.api.ts';
import type { FormInstance } from 'antd';
import { CompanyRegistryCard } from './company-registry-card.tsx';

export interface CompanyFormValues {
  name: string;
  otherNames?: string[];
  tax?: string;
  url?: string;
  email?: string;
  phones?: { value?: string; type: (typeof companyPhoneTypes)[number]; otherType?: string }[];
  address?: string;
  socials?: { account?: string; type: (typeof socialTypes)[number] }[];
  tagIds?: string[];
  note?: string;
  dynamicFields?: DynamicFieldValues;
}


export function toCompanyBody(values: CompanyFormValues, id?: string): CompanySaveInput {
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    otherNames: (values.otherNames ?? []).map((name) => name.trim()).filter(Boolean),
    tax: textOrNull(values.tax),
    url: textOrNull(values.url),
    email: textOrNull(values.email),
    phones: filledRows(values.phones).map((row) => ({
      value: row.value!.trim(),
      type: row.type,
      otherType: row.type === 'other' ? textOrNull(row.otherType) : null,
    })),
    address: textOrNull(values.address),
    socials: filledRows(values.socials, 'account').map((row) => ({ account: row.account!.trim(), type: row.type })),
    tagIds: values.tagIds ?? [],
    note: textOrNull(values.note),
    dynamicFields: cleanDynamicValues(values.dynamicFields),
  };
}

export function companyToFormValues(company: Company): CompanyFormValues {
  return {
    name: company.name,
    otherNames: company.otherNames,
    tax: company.tax ?? undefined,
    url: company.url ?? undefined,
    email: company.email ?? undefined,
    phones: company.phones.length > 0 ? company.phones.map((p) => ({ ...p, otherType: p.otherType ?? undefined })) : [{ type: 'companyPhone' }],
    address: company.address ?? undefined,
    socials: company.socials.length > 0 ? company.socials : [{ type: 'line' }],
    tagIds: company.tags.map((tag) => tag.id),
    note: company.note ?? undefined,
    dynamicFields: company.dynamicFields,
  };
}

/** A 409 for the tax ID lands on the tax field; 400s on their fields. */
export function showCompanySaveErrors(form: FormInstance, error: unknown): void {
  if (error instanceof ApiError && error.code === 'TAX_ID_EXISTS') form.setFields([{ name: 'tax', errors: [error.message] }]);
  else showServerFieldErrors(form, error);
}

/**
 * docs/product.md#validation: 500 ms after typing stops, a similar name ('A similar name already exists', with the
 * matching names) or the same tax ID ('This tax ID already exists') is announced under the field.
 */
function DuplicateHint({ orgId, by, excludeId }: { orgId: string; by: 'name' | 'tax'; excludeId?: string }) {
  const { t } = useTranslation('companies');
  const text = (Form.useWatch(by) as string | undefined) ?? '';
  const debounced = useDebouncedValue(text, debounceMs.duplicateCheck);
  const duplicate = useCompanyDuplicate(orgId, by, debounced, excludeId);
  const data = debounced === text ? duplicate.data : undefined;
  let message: string | null = null;
  if (data && by === 'tax' && data.taxExists) message = t('common:validation.taxExists');
  if (data && by === 'name' && data.matches.length > 0) {
    message = `${t('common:validation.sameName')}: ${data.matches.slice(0, 5).map((match) => match.name).join(', ')}`;
  }
  return (
    <div role="status" aria-live="polite" className={message ? 'duplicate-hint duplicate-hint--shown' : 'duplicate-hint'} data-testid={`duplicate-${by}`}>
      {message ? <Typography.Text type="warning">{message}</Typography.Text> : null}
    </div>
  );
}

/** Name with its duplicate warning (quick dialog and drawer). */
export function CompanyNameField({ orgId, excludeId }: { orgId: string; excludeId?: string }) {
  const { t } = useTranslation('companies');
  return (
    <>
      <FieldItem kind="company" field="name" rules={[requiredRule(t)]} />
      <DuplicateHint orgId={orgId} by="name" excludeId={excludeId} />
    </>
  );
}

/** Every company field of docs/product.md#fields, for the 600-wide drawer; titles, inputs and limits from the field list. */
export function CompanyFormFields({ orgId, excludeId }: { orgId: string; excludeId?: string }) {
  const { t } = useTranslation('companies');
  const title = useFieldTitle('company');
  return (
    <>
      <CompanyNameField orgId={orgId} excludeId={excludeId} />
      <Form.Item name="otherNames" label={t('fields.otherNames')} extra={t('otherNamesHint')}>
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '\uFF0C']} />
      </Form.Item>
      <FieldItem kind="company" field="taxId" rules={[contractRule(companySaveBodySchema.shape.tax)]} validateTrigger="onBlur" />
      <DuplicateHint orgId={orgId} by="tax" excludeId={excludeId} />
      <CompanyRegistryCard orgId={orgId} />
      <FieldItem kind="company" field="website" inputMode="url" rules={[contractRule(companySaveBodySchema.shape.url)]} validateTrigger="onBlur" />
      <FieldItem kind="company" field="email" rules={[contractRule(companySaveBodySchema.shape.email)]} validateTrigger="onBlur" />
      <TypedRows
        name="phones"
        label={title('phone')}
        types={companyPhoneTypes.map((type) => ({ value: type, label: t(`phoneTypes.${type}`) }))}
        otherTypeValue="other"
        otherTypeLabel={t('fields.otherType')}
        inputMode="tel"
        addLabel={t('addPhone')}
      />
      <FieldItem kind="company" field="address" />
      <FieldItem kind="company" field="tags" name="tagIds">
        <TagSelect orgId={orgId} kind="company" />
      </FieldItem>
      <TypedRows
        name="socials"
        label={t('fields.socials')}
        valueKey="account"
        types={socialTypes.map((type) => ({ value: type, label: t(`socialTypes.${type}`) }))}
        addLabel={t('addSocial')}
      />
      <FieldItem kind="company" field="note" />
      <DynamicFieldInputs orgId={orgId} entity="company" />
    </>
  );
}
