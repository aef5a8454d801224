import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@lodestar/contract';
import { useSendQuote } from '../quotes.api.ts';

/** Send: e-mail the link and the PDF (system outbox), or leave the address empty to mark it sent and share the link by hand. */
export function SendQuoteDialog({ orgId, quote, onClose }: { orgId: string; quote: Quote | null; onClose: () => void }) {
  const { t } = useTranslation('quotes');
  const [form] = Form.useForm<{ email?: string; message?: string }>();
  const send = useSendQuote(orgId, quote?.dealId ?? '', t('notices.sent'));
  return (
    <Modal
      open={quote !== null}
      title={t('send.title', { number: quote?.number ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('send.ok')}
      cancelText={t('form.cancel')}
      confirmLoading={send.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ email: quote?.buyer.contactEmail ?? '' }}
        onFinish={async (values) => {
          await send.mutateAsync({ id: quote!.id, body: { email: values.email?.trim() || null, message: values.message || null } });
          onClose();
        }}
      >
        <Form.Item name="email" label={t('send.email')} extra={t('send.emailHint')} rules={[{ type: 'email', message: t('send.badEmail') }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="message" label={t('send.message')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
