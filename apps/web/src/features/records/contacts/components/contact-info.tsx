import { Descriptions, Select, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contactSaveBodySchema, contactTextFields, dataPurposes, dataSources, type Contact, type ContactTextField, type ContactView, type CustomField } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { textOrNull } from '../../../../shared/format/text.ts';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { InlineField, inlineTextArea } from '../../../../shared/ui/inline-field.tsx';
import { contractRule } from '../../../../shared/ui/validation.ts';
import { useOptimisticPatch } from '../../../../shared/use-optimistic-patch.ts';
import { customFieldItems } from '../../custom-fields/index.ts';
import { contactKeys } from '../../query-keys.ts';
import { useSaveContact } from '../contacts.api.ts';
import { contactToFormValues, toContactBody, type ContactFormValues } from './contact-form.tsx';

/**
 * Every field of a contact, typed rows with their type names; an editor changes the one-value fields and the
 * custom fields in place (the lists — phones, emails, addresses, socials — and the company in the drawer).
 */
export function ContactInfo({ orgId, contact, fields, canEdit }: { orgId: string; contact: Contact; fields: CustomField[]; canEdit: boolean }) {
  const { t } = useTranslation('contacts');
  const save = useSaveContact(orgId, t('notices.updated'));
  const patch = useOptimisticPatch<ContactView>(contactKeys.view(orgId, contact.id));
  const title = useFieldTitle('contact');
  const none = t('notSet');
  /** Saves the whole contact with one value changed; the page shows the change at once. */
  const saveWith = (values: Partial<ContactFormValues>, shown: Partial<Contact>) =>
    patch(
      (view) => ({ ...view, contact: { ...view.contact, ...shown } }),
      () => save.mutateAsync({ body: toContactBody({ ...contactToFormValues(contact), ...values }, contact.id) }),
    );
  const text = (field: ContactTextField) => (
    <InlineField<string>
      label={title(field)}
      value={contact[field] ?? undefined}
      rules={[contractRule(contactSaveBodySchema.shape[field])]}
      canEdit={canEdit}
      onSave={(value) => saveWith({ [field]: value }, { [field]: textOrNull(value) })}
      testId={`inline-${field}`}
    >
      {contact[field] ?? none}
    </InlineField>
  );
  const lines = (items: { key: string; text: string }[]) =>
    items.length === 0 ? none : (
      <Space direction="vertical" size={0}>
        {items.map((item) => (
          <span key={item.key}>{item.text}</span>
        ))}
      </Space>
    );
  return (
    <Descriptions column={1} size="small" bordered className="record-info">
      <Descriptions.Item label={t('fields.company')}>
        {contact.company ? <Link to={`/${orgId}/company/detail/${contact.company.id}`}>{contact.company.name}</Link> : none}
      </Descriptions.Item>
      {contactTextFields.map((field) => (
        <Descriptions.Item key={field} label={title(field)}>
          {text(field)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('fields.phones')}>
        {lines(contact.phones.map((phone, index) => ({ key: `${index}`, text: `${t(`phoneTypes.${phone.type}`)}: ${phone.value}` })))}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.emails')}>{lines(contact.emails.map((email, index) => ({ key: `${index}`, text: email.value })))}</Descriptions.Item>
      <Descriptions.Item label={t('fields.socials')}>
        {lines(contact.socials.map((social, index) => ({ key: `${index}`, text: `${t(`socialTypes.${social.type}`)}: ${social.account}` })))}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.addresses')}>
        {lines(contact.addresses.map((address, index) => ({ key: `${index}`, text: `${t(`addressTypes.${address.type}`)}: ${address.value}` })))}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.sex')}>
        <InlineField<Contact['sex']>
          label={t('fields.sex')}
          value={contact.sex}
          input={<Select allowClear options={(['male', 'female'] as const).map((sex) => ({ value: sex, label: t(`sex.${sex}`) }))} />}
          canEdit={canEdit}
          onSave={(sex) => saveWith({ sex: sex ?? null }, { sex: sex ?? null })}
          testId="inline-sex"
        >
          {contact.sex ? t(`sex.${contact.sex}`) : none}
        </InlineField>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.birthday')}>
        <InlineField<string>
          label={t('fields.birthday')}
          value={contact.birthday ?? undefined}
          rules={dateRules(t)}
          input={<DateMaskInput />}
          canEdit={canEdit}
          onSave={(birthday) => saveWith({ birthday }, { birthday: textOrNull(birthday) })}
          testId="inline-birthday"
        >
          {contact.birthday ?? none}
        </InlineField>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.owner')}>{contact.owner?.name ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.lastContactAt')}>{formatDateTime(contact.lastContactAt) || none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.note')}>
        <InlineField<string>
          label={t('fields.note')}
          value={contact.note ?? undefined}
          rules={[contractRule(contactSaveBodySchema.shape.note)]}
          input={inlineTextArea}
          multiline
          canEdit={canEdit}
          onSave={(note) => saveWith({ note }, { note: textOrNull(note) })}
          testId="inline-note"
        >
          <span className="preserve-lines">{contact.note ?? none}</span>
        </InlineField>
      </Descriptions.Item>
      {customFieldItems({
        fields,
        values: contact.dynamicFields,
        canEdit,
        none,
        t,
        onSave: (fieldId, value) => {
          const dynamicFields = { ...contact.dynamicFields, [fieldId]: value } as Contact['dynamicFields'];
          return saveWith({ dynamicFields }, { dynamicFields });
        },
      })}
      <Descriptions.Item label={t('fields.noMarketing')}>
        <InlineField<boolean>
          label={t('fields.noMarketing')}
          value={contact.noMarketing}
          input={<Select options={[false, true].map((value) => ({ value, label: t(value ? 'consent.noMarketingOn' : 'consent.noMarketingOff') }))} />}
          canEdit={canEdit}
          onSave={(noMarketing) => saveWith({ noMarketing: Boolean(noMarketing) }, { noMarketing: Boolean(noMarketing) })}
          testId="inline-noMarketing"
        >
          {t(contact.noMarketing ? 'consent.noMarketingOn' : 'consent.noMarketingOff')}
        </InlineField>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.dataSource')}>
        <InlineField<Contact['dataSource']>
          label={t('fields.dataSource')}
          value={contact.dataSource}
          input={<Select allowClear options={dataSources.map((value) => ({ value, label: t(`dataSources.${value}`) }))} />}
          canEdit={canEdit}
          onSave={(dataSource) => saveWith({ dataSource: dataSource ?? null }, { dataSource: dataSource ?? null })}
          testId="inline-dataSource"
        >
          {contact.dataSource ? t(`dataSources.${contact.dataSource}`) : none}
          {contact.dataObtainedOn ? ` · ${contact.dataObtainedOn}` : ''}
        </InlineField>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.dataPurpose')}>
        <InlineField<Contact['dataPurpose']>
          label={t('fields.dataPurpose')}
          value={contact.dataPurpose}
          input={<Select allowClear options={dataPurposes.map((value) => ({ value, label: t(`dataPurposes.${value}`) }))} />}
          canEdit={canEdit}
          onSave={(dataPurpose) => saveWith({ dataPurpose: dataPurpose ?? null }, { dataPurpose: dataPurpose ?? null })}
          testId="inline-dataPurpose"
        >
          {contact.dataPurpose ? t(`dataPurposes.${contact.dataPurpose}`) : none}
        </InlineField>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.consentNote')}>
        <InlineField<string>
          label={t('fields.consentNote')}
          value={contact.consentNote ?? undefined}
          rules={[contractRule(contactSaveBodySchema.shape.consentNote)]}
          input={inlineTextArea}
          multiline
          canEdit={canEdit}
          onSave={(consentNote) => saveWith({ consentNote }, { consentNote: textOrNull(consentNote) })}
          testId="inline-consentNote"
        >
          <span className="preserve-lines">{contact.consentNote ?? none}</span>
        </InlineField>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(contact.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}
