import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMailTemplates, useRenderMailTemplate, useSendEmail, type MailRecordType } from '../mailboxes.api.ts';

export interface ComposeDraft {
  to: string[];
  subject: string;
  replyToId?: string;
}

type Values = { to: string[]; subject: string; text: string };

/** Write or answer from the member's own mailbox; a reply keeps the thread (In-Reply-To, References). */
export function ComposeDialog(props: { orgId: string; entityType: MailRecordType; entityId: string; draft: ComposeDraft | null; onClose: () => void }) {
  const { orgId, entityType, entityId, draft, onClose } = props;
  const { t } = useTranslation('mailboxes');
  const [form] = Form.useForm<Values>();
  const send = useSendEmail(orgId, entityType, entityId, t('mail.sent'));
  const templates = useMailTemplates(orgId);
  // Templates fill from a contact or company; on a deal's page the e-mail is written without one.
  const render = useRenderMailTemplate(orgId, entityType === 'company' ? 'company' : 'contact', entityId);
  const applyTemplate = async (id: string) => {
    const filled = await render.mutateAsync(id);
    // A reply keeps its "Re:" subject; a new e-mail takes the template's.
    form.setFieldsValue(draft?.replyToId ? { text: filled.text } : { subject: filled.subject, text: filled.text });
  };
  const submit = async () => {
    const values = await form.validateFields();
    await send.mutateAsync({ to: values.to, cc: [], subject: values.subject, text: values.text, ...(draft?.replyToId ? { replyToId: draft.replyToId } : {}) });
    onClose();
  };
  return (
    <Modal
      open={draft !== null}
      title={draft?.replyToId ? t('mail.replyTitle') : t('mail.newTitle')}
      okText={t('mail.send')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {draft ? (
        <Form form={form} layout="vertical" initialValues={{ to: draft.to, subject: draft.subject, text: '' }} preserve={false}>
          {entityType !== 'deal' && templates.data && templates.data.length > 0 ? (
            <Form.Item label={t('templates.use')}>
              <Select
                allowClear
                loading={render.isPending}
                placeholder={t('templates.usePlaceholder')}
                aria-label={t('templates.use')}
                options={templates.data.map((template) => ({ value: template.id, label: `${template.name} · ${t(`templates.locales.${template.locale}`)}` }))}
                onChange={(id?: string) => (id ? void applyTemplate(id) : undefined)}
              />
            </Form.Item>
          ) : null}
          <Form.Item name="to" label={t('mail.to')} rules={[{ required: true, message: t('fields.required') }]}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
          </Form.Item>
          <Form.Item name="subject" label={t('mail.subject')} rules={[{ required: true, whitespace: true, message: t('fields.required') }]}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="text" label={t('mail.body')} rules={[{ required: true, whitespace: true, message: t('fields.required') }]}>
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
