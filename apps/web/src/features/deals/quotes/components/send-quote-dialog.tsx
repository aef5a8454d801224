import { useEffect } from 'react';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@lodestar/contract';
import { useQuoteChannels, useSendQuote } from '../quotes.api.ts';
import '../quotes.css';

type Values = { email?: string; line?: boolean; message?: string };

/**
 * Send: e-mail the link and the PDF (from the member's connected mailbox, else the system mail) and/or push the link
 * by LINE when the deal's contact is linked to a LINE friend; with neither, the quote is only marked sent and the
 * link shared by hand. Only the channels this contact has are offered.
 */
export function SendQuoteDialog({ orgId, quote, onClose }: { orgId: string; quote: Quote | null; onClose: () => void }) {
  const { t } = useTranslation('quotes');
  const [form] = Form.useForm<Values>();
  const channels = useQuoteChannels(orgId, quote?.id ?? null);
  const send = useSendQuote(orgId, quote?.dealId ?? '', t('notices.sent'));
  const offered = channels.data;
  useEffect(() => {
    if (offered) form.setFieldsValue({ email: offered.email ?? '', line: offered.line });
  }, [offered, form]);
  return (
    <Modal
      open={quote !== null}
      title={t('send.title', { number: quote?.number ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('send.ok')}
      cancelText={t('form.cancel')}
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: !offered }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ email: quote?.buyer.contactEmail ?? '', line: false }}
        onFinish={async (values) => {
          await send.mutateAsync({ id: quote!.id, body: { email: values.email?.trim() || null, line: Boolean(offered?.line && values.line), message: values.message || null } });
          onClose();
        }}
      >
        <Form.Item
          name="email"
          label={t('send.email')}
          extra={offered?.mailbox ? t('send.fromMailbox', { mailbox: offered.mailbox }) : t('send.emailHint')}
          rules={[{ type: 'email', message: t('send.badEmail') }]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        {offered?.line ? (
          <Form.Item name="line" valuePropName="checked" extra={t('send.lineHint')}>
            <Checkbox data-testid="quote-send-line">{t('send.line')}</Checkbox>
          </Form.Item>
        ) : offered ? (
          <Alert type="info" showIcon className="quote-send-note" title={t('send.noLine')} />
        ) : null}
        <Form.Item name="message" label={t('send.message')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
