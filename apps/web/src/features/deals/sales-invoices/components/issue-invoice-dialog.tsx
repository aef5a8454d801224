import { useMemo } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@lodestar/contract';
import { InvoiceBuyerFields, toInvoiceBuyer, type InvoiceBuyerValues } from '../../../billing/invoices/index.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { useIssueInvoice } from '../sales-invoices.api.ts';

interface Values {
  source: string;
  email: string;
  invoiceBuyer?: InvoiceBuyerValues;
}

const wonSource = 'deal';

/**
 * Issue an e-invoice: from an accepted quote (its total) or the won deal (its amount), to a company (its business number) or a
 * person (carrier or donation). The buyer starts from the quote's buyer; the answer says issued, or still issuing.
 */
export function IssueInvoiceDialog(props: { orgId: string; deal: { id: string; amount: string; won: boolean }; acceptedQuotes: Quote[]; testMode: boolean; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sales-invoices');
  const [form] = Form.useForm<Values>();
  const issue = useIssueInvoice(props.orgId, props.deal.id);
  const sources = useMemo(
    () => [
      ...props.acceptedQuotes.map((q) => ({ value: q.id, label: t('issue.fromQuote', { number: `${q.number} v${q.version}`, total: formatMoney(q.total) }) })),
      ...(props.deal.won ? [{ value: wonSource, label: t('issue.fromDeal', { amount: formatMoney(props.deal.amount) }) }] : []),
    ],
    [props.acceptedQuotes, props.deal, t],
  );
  const first = props.acceptedQuotes[0];
  const initialValues: Values = {
    source: sources[0]?.value ?? wonSource,
    email: first?.buyer.contactEmail ?? '',
    invoiceBuyer: first?.buyer.taxId ? { kind: 'company', taxId: first.buyer.taxId, companyName: first.buyer.companyName ?? '' } : { kind: 'member' },
  };
  const submit = async (values: Values) => {
    try {
      await issue.mutateAsync({ dealId: props.deal.id, quoteId: values.source === wonSource ? null : values.source, buyer: toInvoiceBuyer(values.invoiceBuyer, values.email.trim()) });
      props.onClose();
    } catch (error) {
      // The contract's rules already ran in the form; what the server adds shows in its notification.
      showServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t('issue.title')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('issue.ok')}
      cancelText={t('cancel')}
      confirmLoading={issue.isPending}
      destroyOnHidden
    >
      {props.testMode ? <Alert type="info" showIcon className="invoice-test-alert" message={t('testModeNotice')} /> : null}
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} data-testid="invoice-issue-form">
        <Form.Item name="source" label={t('issue.source')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <Select options={sources} />
        </Form.Item>
        <InvoiceBuyerFields forCustomer />
        <Form.Item name="email" label={t('issue.email')} extra={t('issue.emailHint')} rules={[{ required: true, message: t('common:validation.required') }, { type: 'email', message: t('issue.badEmail') }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
