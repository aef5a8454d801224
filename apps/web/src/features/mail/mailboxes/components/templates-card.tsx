import { useState } from 'react';
import { Button, Card, Form, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales, templateFields, type MailTemplate, type MailTemplateBody } from '@lodestar/contract';
import { useMailTemplates, useRemoveMailTemplate, useSaveMailTemplate } from '../mailboxes.api.ts';

/** The workspace's mail templates: anyone uses them from the compose form; the author edits or deletes theirs. */
export function TemplatesCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation('mailboxes');
  const templates = useMailTemplates(orgId);
  const save = useSaveMailTemplate(orgId, t('saved'));
  const remove = useRemoveMailTemplate(orgId, t('templates.removed'));
  const [editing, setEditing] = useState<MailTemplate | 'new' | null>(null);
  const [form] = Form.useForm<MailTemplateBody>();
  const submit = async () => {
    const body = await form.validateFields();
    await save.mutateAsync({ ...(editing && editing !== 'new' ? { id: editing.id } : {}), body });
    setEditing(null);
  };
  const fields = templateFields.map((field) => `{${field}}`).join(' ');
  return (
    <Card
      title={<Typography.Title level={2} className="side-title">{t('templates.title')}</Typography.Title>}
      extra={<Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>{t('templates.add')}</Button>}
      data-testid="mail-templates"
    >
      <Typography.Paragraph type="secondary">{t('templates.intro', { fields })}</Typography.Paragraph>
      <List
        // Actions under each template, so a phone's width keeps the name and subject on their own lines.
        itemLayout="vertical"
        loading={templates.isPending}
        dataSource={templates.data ?? []}
        locale={{ emptyText: t('templates.empty') }}
        renderItem={(template) => (
          <List.Item
            actions={
              template.mine
                ? [
                    <Button key="edit" type="link" onClick={() => setEditing(template)}>{t('templates.editAction')}</Button>,
                    <Popconfirm key="remove" title={t('templates.removeConfirm')} onConfirm={() => remove.mutateAsync(template.id)} okText={t('remove')} cancelText={t('cancel')}>
                      <Button type="link" danger>{t('remove')}</Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={<Space wrap size="small"><span>{template.name}</span><Tag>{t(`templates.locales.${template.locale}`)}</Tag></Space>}
              description={<span className="mail-template__subject">{template.subject}</span>}
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('templates.add') : t('templates.edit')}
        okText={t('templates.save')}
        cancelText={t('cancel')}
        onOk={() => void submit()}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing ? (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={editing === 'new' ? { locale: 'zh-TW', name: '', subject: '', body: '' } : { name: editing.name, locale: editing.locale, subject: editing.subject, body: editing.body }}
          >
            <Form.Item name="name" label={t('templates.name')} rules={[{ required: true, whitespace: true, message: t('fields.required') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="locale" label={t('templates.locale')}>
              <Select options={locales.map((value) => ({ value, label: t(`templates.locales.${value}`) }))} />
            </Form.Item>
            <Form.Item name="subject" label={t('mail.subject')} rules={[{ required: true, whitespace: true, message: t('fields.required') }]}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="body" label={t('mail.body')} extra={t('templates.fieldsHelp', { fields })} rules={[{ required: true, whitespace: true, message: t('fields.required') }]}>
              <Input.TextArea autoSize={{ minRows: 6, maxRows: 14 }} />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </Card>
  );
}
