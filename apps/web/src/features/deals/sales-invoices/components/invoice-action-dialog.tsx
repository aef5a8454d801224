import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesInvoice } from '@lodestar/contract';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { useInvoiceAllowance, useVoidInvoice } from '../sales-invoices.api.ts';

export type InvoiceAction = { kind: 'void' | 'allowance'; invoice: SalesInvoice };

/** Void or allowance of an issued invoice: a reason (ECPay keeps 20 characters), and the allowance's amount. */
export function InvoiceActionDialog({ orgId, dealId, action, onClose }: { orgId: string; dealId: string; action: InvoiceAction | null; onClose: () => void }) {
  const { t } = useTranslation('sales-invoices');
  const [form] = Form.useForm<{ reason: string; amount?: number }>();
  const voidInvoice = useVoidInvoice(orgId, dealId, t('notices.voided'));
  const allowance = useInvoiceAllowance(orgId, dealId, t('notices.allowed'));
  const invoice = action?.invoice;
  const remaining = invoice ? invoice.amount - (invoice.allowanceAmount ?? 0) : 0;
  const submit = async (values: { reason: string; amount?: number }) => {
    if (!action) return;
    try {
      if (action.kind === 'void') await voidInvoice.mutateAsync({ id: action.invoice.id, reason: values.reason.trim() });
      else await allowance.mutateAsync({ id: action.invoice.id, body: { amount: values.amount ?? 0, reason: values.reason.trim() } });
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  const required = { required: true, message: t('common:validation.required') };
  return (
    <Modal
      open={action !== null}
      title={action ? t(`${action.kind}.title`, { number: invoice?.number ?? '' }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={action ? t(`${action.kind}.ok`) : ''}
      okButtonProps={{ danger: action?.kind === 'void' }}
      cancelText={t('cancel')}
      confirmLoading={voidInvoice.isPending || allowance.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {action?.kind === 'allowance' ? (
          <Form.Item name="amount" label={t('allowance.amount')} extra={t('allowance.remaining', { amount: remaining.toLocaleString() })} rules={[required]}>
            <InputNumber min={1} max={remaining} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <p>{t('void.explain')}</p>
        )}
        <Form.Item name="reason" label={t('reason')} rules={[required, { max: 20, message: t('reasonTooLong') }]}>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
