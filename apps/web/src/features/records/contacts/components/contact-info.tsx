import { Descriptions, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useCustomFields, formatDynamicValue } from '../../custom-fields/index.ts';

/** Every field of a contact, typed rows with their type names. */
export function ContactInfo({ orgId, contact }: { orgId: string; contact: Contact }) {
  const { t } = useTranslation('contacts');
  const fields = useCustomFields(orgId, 'contact');
  const none = t('notSet');
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
      <Descriptions.Item label={t('fields.position')}>{contact.position ?? none}</Descriptions.Item>
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
      <Descriptions.Item label={t('fields.nickName')}>{contact.nickName ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.sex')}>{contact.sex ? t(`sex.${contact.sex}`) : none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.birthday')}>{contact.birthday ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.owner')}>{contact.owner?.name ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.lastContactAt')}>{formatDateTime(contact.lastContactAt) || none}</Descriptions.Item>
      <Descriptions.Item label={t('fields.note')}>
        <span className="preserve-lines">{contact.note ?? none}</span>
      </Descriptions.Item>
      {(fields.data ?? []).map((field) => (
        <Descriptions.Item key={field.id} label={field.title}>
          {formatDynamicValue(contact.dynamicFields[field.id], field) || none}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(contact.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}
