import { Checkbox, Col, Divider, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  addressTypes,
  contactPhoneTypes,
  dataPurposes,
  dataSources,
  contactTextFields,
  socialTypes,
  type Contact,
  type ContactTextField,
  type ContactSaveInput,
  type DataPurpose,
  type DataSource,
  type DynamicFieldValues,
} from '@lodestar/contract';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { PersonNameFields } from '../../../../shared/ui/person-name-fields.tsx';
import { textOrNull } from '../../../../shared/format/text.ts';
import { FieldItem } from '../../../../shared/ui/field-item.tsx';
import { TypedRows, filledRows } from '../../../../shared/ui/typed-rows.tsx';
import { CompanyPickerField, type PickedCompany } from '../../records/index.ts';
import { TagSelect } from '../../tags/index.ts';
import { DynamicFieldInputs, cleanDynamicValues } from '../../custom-fields/index.ts';

/** The field list's plain text fields (nickname, position …) as form values. */
type TextValues = { [K in ContactTextField]?: string };

export interface ContactFormValues extends TextValues {
  firstName: string;
  lastName: string;
  sex?: 'male' | 'female' | null;
  birthday?: string;
  company?: PickedCompany | null;
  phones?: { value?: string; type: (typeof contactPhoneTypes)[number] }[];
  emails?: { value?: string }[];
  socials?: { account?: string; type: (typeof socialTypes)[number] }[];
  addresses?: { value?: string; type: (typeof addressTypes)[number] }[];
  tagIds?: string[];
  note?: string;
  isImportant?: boolean;
  noMarketing?: boolean;
  dataSource?: DataSource | null;
  dataObtainedOn?: string;
  dataPurpose?: DataPurpose | null;
  consentNote?: string;
  dynamicFields?: DynamicFieldValues;
}


export function toContactBody(values: ContactFormValues, id?: string): ContactSaveInput {
  return {
    ...(id ? { id } : {}),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...Object.fromEntries(contactTextFields.map((key) => [key, textOrNull(values[key])])),
    sex: values.sex ?? null,
    birthday: textOrNull(values.birthday),
    companyId: values.company?.id ?? null,
    phones: filledRows(values.phones).map((row) => ({ value: row.value!.trim(), type: row.type })),
    emails: filledRows(values.emails).map((row) => ({ value: row.value!.trim() })),
    socials: filledRows(values.socials, 'account').map((row) => ({ account: row.account!.trim(), type: row.type })),
    addresses: filledRows(values.addresses).map((row) => ({ value: row.value!.trim(), type: row.type })),
    tagIds: values.tagIds ?? [],
    note: textOrNull(values.note),
    isImportant: Boolean(values.isImportant),
    noMarketing: Boolean(values.noMarketing),
    // Left out when the form never had them (the quick dialog): the server keeps or fills them.
    ...(values.dataSource !== undefined ? { dataSource: values.dataSource } : {}),
    ...(values.dataObtainedOn !== undefined ? { dataObtainedOn: textOrNull(values.dataObtainedOn) } : {}),
    ...(values.dataPurpose !== undefined ? { dataPurpose: values.dataPurpose } : {}),
    ...(values.consentNote !== undefined ? { consentNote: textOrNull(values.consentNote) } : {}),
    dynamicFields: cleanDynamicValues(values.dynamicFields),
  };
}

/** A saved contact as form values; empty lists keep their one first row. */
export function contactToFormValues(contact: Contact): ContactFormValues {
  const orFirst = <T,>(rows: T[], first: Partial<T>): Partial<T>[] => (rows.length > 0 ? rows : [first]);
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    ...(Object.fromEntries(contactTextFields.map((key) => [key, contact[key] ?? undefined])) as TextValues),
    sex: contact.sex,
    birthday: contact.birthday ?? undefined,
    company: contact.company ? { id: contact.company.id, name: contact.company.name } : null,
    phones: orFirst(contact.phones, { type: 'mobile' }) as ContactFormValues['phones'],
    emails: orFirst(contact.emails, {}),
    socials: orFirst(contact.socials, { type: 'line' }) as ContactFormValues['socials'],
    addresses: orFirst(contact.addresses, { type: 'personal' }) as ContactFormValues['addresses'],
    tagIds: contact.tags.map((tag) => tag.id),
    note: contact.note ?? undefined,
    isImportant: contact.isImportant,
    noMarketing: contact.noMarketing,
    dataSource: contact.dataSource,
    dataObtainedOn: contact.dataObtainedOn ?? '',
    dataPurpose: contact.dataPurpose,
    consentNote: contact.consentNote ?? '',
    dynamicFields: contact.dynamicFields,
  };
}

function usePhoneTypeOptions() {
  const { t } = useTranslation('contacts');
  // Mobile first: the most common kind of a client's phone.
  const ordered = ['mobile', ...contactPhoneTypes.filter((type) => type !== 'mobile')] as const;
  return ordered.map((type) => ({ value: type, label: t(`phoneTypes.${type}`) }));
}

/** Given and family name (required, docs/product.md#validation), in the order the language writes them. */
export function ContactNameFields() {
  const { t } = useTranslation('contacts');
  return <PersonNameFields firstLabel={t('fields.firstName')} lastLabel={t('fields.lastName')} rules={[requiredRule(t)]} maxLength={100} />;
}

/** The phone rows with their types (quick dialog and drawer). */
export function ContactPhoneRows() {
  const { t } = useTranslation('contacts');
  return (
    <TypedRows name="phones" label={t('fields.phones')} types={usePhoneTypeOptions()} inputMode="tel" addLabel={t('addPhone')} />
  );
}

/** The field list's plain text fields, two to a row. */
function ContactTextInputs() {
  return (
    <Row gutter={12}>
      {contactTextFields.map((key) => (
        <Col span={12} key={key}>
          <FieldItem kind="contact" field={key} />
        </Col>
      ))}
    </Row>
  );
}

/** Source and consent (Taiwan PDPA): how and when we got the person's data, and for what purpose. */
export function ConsentFields() {
  const { t } = useTranslation('contacts');
  return (
    <>
      <Divider titlePlacement="start" plain>{t('consent.title')}</Divider>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="dataSource" label={t('fields.dataSource')}>
            <Select allowClear options={dataSources.map((value) => ({ value, label: t(`dataSources.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dataObtainedOn" label={t('fields.dataObtainedOn')} rules={dateRules(t)}>
            <DateMaskInput />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="dataPurpose" label={t('fields.dataPurpose')}>
        <Select allowClear options={dataPurposes.map((value) => ({ value, label: t(`dataPurposes.${value}`) }))} />
      </Form.Item>
      <Form.Item name="consentNote" label={t('fields.consentNote')} extra={t('consent.noteHint')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

/** Every contact field of docs/product.md#fields, for the 600-wide drawer; titles, inputs and limits from the field list. */
export function ContactFormFields({ orgId }: { orgId: string }) {
  const { t } = useTranslation('contacts');
  return (
    <>
      <ContactNameFields />
      <ContactTextInputs />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="sex" label={t('fields.sex')}>
            <Radio.Group
              options={[
                { value: 'male', label: t('sex.male') },
                { value: 'female', label: t('sex.female') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <FieldItem kind="contact" field="birthday" />
        </Col>
      </Row>
      <FieldItem kind="contact" field="company">
        <CompanyPickerField orgId={orgId} />
      </FieldItem>
      <ContactPhoneRows />
      <TypedRows
        name="emails"
        label={t('fields.emails')}
        inputMode="email"
        addLabel={t('addEmail')}
        valueRules={[{ type: 'email', message: t('common:validation.invalidEmail') }]}
      />
      <TypedRows
        name="socials"
        label={t('fields.socials')}
        valueKey="account"
        types={socialTypes.map((type) => ({ value: type, label: t(`socialTypes.${type}`) }))}
        addLabel={t('addSocial')}
      />
      <TypedRows
        name="addresses"
        label={t('fields.addresses')}
        types={addressTypes.map((type) => ({ value: type, label: t(`addressTypes.${type}`) }))}
        addLabel={t('addAddress')}
      />
      <FieldItem kind="contact" field="tags" name="tagIds">
        <TagSelect orgId={orgId} kind="customer" />
      </FieldItem>
      <FieldItem kind="contact" field="note" />
      <Form.Item name="isImportant" valuePropName="checked">
        <Checkbox>{t('fields.important')}</Checkbox>
      </Form.Item>
      <Form.Item name="noMarketing" valuePropName="checked" extra={t('fields.noMarketingHint')}>
        <Checkbox>{t('fields.noMarketing')}</Checkbox>
      </Form.Item>
      <ConsentFields />
      <DynamicFieldInputs orgId={orgId} entity="contact" />
    </>
  );
}
