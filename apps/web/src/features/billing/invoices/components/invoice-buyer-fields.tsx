import { Form, Input, Radio } from 'antd';
import { invoiceBuyerFields, invoiceBuyerKinds, type InvoiceBuyerInput } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../../shared/ui/validation.ts';

export type InvoiceBuyerKind = (typeof invoiceBuyerKinds)[number];

/** The form values of the buyer fields (under `invoiceBuyer`); the e-mail comes from the account. */
export interface InvoiceBuyerValues {
  kind: InvoiceBuyerKind;
  code?: string;
  taxId?: string;
  companyName?: string;
}

/** Form values → the checkout's invoiceBuyer (docs/decisions/0021). */
export function toInvoiceBuyer(values: InvoiceBuyerValues | undefined, email: string): InvoiceBuyerInput {
  const kind = values?.kind ?? 'member';
  if (kind === 'company') return { kind, taxId: values?.taxId ?? '', companyName: values?.companyName ?? '', email };
  if (kind === 'member') return { kind, email };
  return { kind, code: values?.code ?? '', email };
}

const codeRule = { mobileBarcode: invoiceBuyerFields.mobileBarcode, citizenCertificate: invoiceBuyerFields.citizenCertificate, donation: invoiceBuyerFields.donationCode } as const;

/**
 * The checkout's e-invoice section: a member invoice to the account e-mail (default), a mobile barcode, a citizen
 * certificate, a donation code, or a company (unified business number + name). Checked with the contract's own rules. `forCustomer`:
 * a workspace invoicing its own customer (deals/sales-invoices), whose member invoice goes to the customer's e-mail.
 */
export function InvoiceBuyerFields({ forCustomer = false }: { forCustomer?: boolean } = {}) {
  const { t } = useTranslation('invoices');
  const kind = (Form.useWatch(['invoiceBuyer', 'kind']) as InvoiceBuyerKind | undefined) ?? 'member';
  const required = { required: true, message: t('common:validation.required') };
  return (
    <>
      <Form.Item name={['invoiceBuyer', 'kind']} label={t('buyer.kind')} initialValue="member">
        <Radio.Group className="invoice-buyer-kinds" options={invoiceBuyerKinds.map((value) => ({ value, label: t(forCustomer && value === 'member' ? 'buyer.customerMember' : `buyer.kinds.${value}`) }))} />
      </Form.Item>
      {kind === 'company' ? (
        <>
          <Form.Item name={['invoiceBuyer', 'taxId']} label={t('buyer.taxId')} rules={[required, contractRule(invoiceBuyerFields.taxId)]}>
            <Input inputMode="numeric" maxLength={8} autoComplete="off" />
          </Form.Item>
          <Form.Item name={['invoiceBuyer', 'companyName']} label={t('buyer.companyName')} rules={[required, contractRule(invoiceBuyerFields.companyName)]}>
            <Input autoComplete="organization" maxLength={60} />
          </Form.Item>
        </>
      ) : kind === 'member' ? (
        <Form.Item>
          <span className="form-tip">{t(forCustomer ? 'buyer.customerMemberHint' : 'buyer.memberHint')}</span>
        </Form.Item>
      ) : (
        <Form.Item name={['invoiceBuyer', 'code']} label={t(`buyer.code.${kind}`)} extra={t(`buyer.codeHint.${kind}`)} rules={[required, contractRule(codeRule[kind])]}>
          <Input autoComplete="off" autoCapitalize="characters" />
        </Form.Item>
      )}
    </>
  );
}
