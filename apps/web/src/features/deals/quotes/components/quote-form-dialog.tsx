import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { quoteTaxModes, quoteTotals, type Quote, type QuoteLineInput, type QuoteTaxMode } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { useCreateQuote, useUpdateQuote } from '../quotes.api.ts';

interface Values {
  title?: string;
  taxMode: QuoteTaxMode;
  validUntil?: string;
  terms?: string;
  lines: { name: string; unitPrice: number | null; quantity: number | null; discountPercent: number | null; optional: boolean }[];
}

const figuresOf = (lines: Values['lines'] | undefined) =>
  (lines ?? []).filter((l) => l && l.unitPrice !== null && l.quantity).map((l) => ({ unitPrice: String(l.unitPrice ?? 0), quantity: Number(l.quantity), discountPercent: Number(l.discountPercent ?? 0), optional: Boolean(l.optional) }));

/**
 * New quote (lines from the deal's products, edited here) or an edit: a draft changes in place, a sent quote becomes
 * the next version (the server decides; the dialog says so).
 */
export function QuoteFormDialog({ orgId, dealId, quote, initialLines, open, onClose }: { orgId: string; dealId: string; quote: Quote | null; initialLines: QuoteLineInput[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('quotes');
  const [form] = Form.useForm<Values>();
  const create = useCreateQuote(orgId, dealId, t('notices.created'));
  const update = useUpdateQuote(orgId, dealId, t('notices.saved'));
  const lines = Form.useWatch('lines', form);
  const taxMode = Form.useWatch('taxMode', form) ?? 'exclusive';

  useEffect(() => {
    if (!open) return;
    const source = quote ? quote.lines : initialLines;
    form.setFieldsValue({
      title: quote?.title ?? undefined,
      taxMode: quote?.taxMode ?? 'exclusive',
      validUntil: quote?.validUntil,
      terms: quote?.terms ?? undefined,
      lines: source.map((l) => ({ name: l.name, unitPrice: Number(l.unitPrice), quantity: l.quantity, discountPercent: l.discountPercent ?? 0, optional: l.optional ?? false })),
    });
  }, [open, quote, initialLines, form]);

  const submit = async (values: Values) => {
    const body = {
      title: values.title || null,
      taxMode: values.taxMode,
      terms: values.terms || null,
      ...(values.validUntil ? { validUntil: values.validUntil } : {}),
      lines: values.lines.map((l) => ({ name: l.name, unitPrice: String(l.unitPrice ?? 0), quantity: Number(l.quantity ?? 1), discountPercent: Number(l.discountPercent ?? 0), optional: l.optional })),
    };
    try {
      if (quote) await update.mutateAsync({ id: quote.id, body });
      else await create.mutateAsync({ dealId, ...body });
      onClose();
    } catch (error) {
      form.setFields(fieldErrorsOf(error) as never);
    }
  };

  const totals = quoteTotals(figuresOf(lines), taxMode);
  return (
    <Modal
      open={open}
      title={quote ? t('form.editTitle', { number: quote.number }) : t('form.newTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={create.isPending || update.isPending}
      width={820}
      destroyOnHidden
    >
      {quote?.status === 'sent' ? <p className="muted">{t('form.newVersionHint', { version: quote.version + 1 })}</p> : null}
      <Form form={form} layout="vertical" onFinish={submit} data-testid="quote-form">
        <Form.Item name="title" label={t('fields.title')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <div className="quote-lines-editor">
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap className="quote-line-row">
                  <Form.Item name={[field.name, 'name']} label={t('fields.item', { index: index + 1 })} rules={[{ required: true, message: t('form.required') }]}>
                    <Input maxLength={200} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'unitPrice']} label={t('fields.unitPrice')} rules={[{ required: true, message: t('form.required') }]}>
                    <InputNumber min={0} precision={2} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} label={t('fields.quantity')} rules={[{ required: true, message: t('form.required') }]}>
                    <InputNumber min={1} precision={0} style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'discountPercent']} label={t('fields.discount')}>
                    <InputNumber min={0} max={100} precision={2} suffix="%" style={{ width: 100 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'optional']} valuePropName="checked" label={t('fields.optional')}>
                    <Checkbox aria-label={t('fields.optional')} />
                  </Form.Item>
                  <Form.Item label={<span className="sr-only">{t('form.removeLine')}</span>}>
                    <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('form.removeLine')} onClick={() => remove(field.name)} disabled={fields.length === 1} />
                  </Form.Item>
                </Space>
              ))}
              <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ name: '', unitPrice: 0, quantity: 1, discountPercent: 0, optional: false })}>
                {t('form.addLine')}
              </Button>
            </div>
          )}
        </Form.List>
        <Space wrap align="start" style={{ marginTop: 16 }}>
          <Form.Item name="taxMode" label={t('fields.taxMode')}>
            <Select style={{ width: 200 }} options={quoteTaxModes.map((mode) => ({ value: mode, label: t(`taxModes.${mode}`) }))} />
          </Form.Item>
          <Form.Item name="validUntil" label={t('fields.validUntil')}>
            <Input type="date" style={{ width: 170 }} />
          </Form.Item>
        </Space>
        <Form.Item name="terms" label={t('fields.terms')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <dl className="quote-form-totals" data-testid="quote-form-totals">
          <dt>{t('fields.subtotal')}</dt>
          <dd>{formatMoney(totals.subtotal)}</dd>
          <dt>{t('fields.tax')}</dt>
          <dd>{formatMoney(totals.tax)}</dd>
          <dt>{t('fields.total')}</dt>
          <dd>
            <strong>{formatMoney(totals.total)}</strong>
          </dd>
        </dl>
      </Form>
    </Modal>
  );
}
