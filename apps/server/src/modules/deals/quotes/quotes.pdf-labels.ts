import type { Locale } from '@lodestar/contract';

/** The PDF's fixed words, per language of the member or visitor asking for it. */
export const pdfLabels: Record<Locale, Record<string, string>> = {
  'zh-TW': {
    title: '報價單', number: '報價單號', version: '版本', issuedOn: '報價日期', validUntil: '有效期限', taxId: '統一編號', phone: '電話', email: '電子郵件', address: '地址',
    buyer: '客戶', contact: '聯絡人', item: '品名／說明', unitPrice: '單價', quantity: '數量', discount: '折扣', amount: '金額', optional: '選購',
    subtotal: '小計', untaxed: '未稅金額', tax: '營業稅 5%', total: '總計', totalInWords: '新臺幣（大寫）', terms: '條款與備註',
    exclusive: '金額未稅', inclusive: '金額含稅', none: '免稅', accepted: '客戶已接受', signedBy: '簽署人', page: '頁',
  },
  'zh-CN': {
    title: '报价单', number: '报价单号', version: '版本', issuedOn: '报价日期', validUntil: '有效期限', taxId: '统一编号', phone: '电话', email: '电子邮件', address: '地址',
    buyer: '客户', contact: '联系人', item: '品名／说明', unitPrice: '单价', quantity: '数量', discount: '折扣', amount: '金额', optional: '选购',
    subtotal: '小计', untaxed: '未税金额', tax: '营业税 5%', total: '总计', totalInWords: '新台币（大写）', terms: '条款与备注',
    exclusive: '金额未税', inclusive: '金额含税', none: '免税', accepted: '客户已接受', signedBy: '签署人', page: '页',
  },
  'en-US': {
    title: 'Quotation', number: 'Quote no.', version: 'Version', issuedOn: 'Date', validUntil: 'Valid until', taxId: 'Tax ID', phone: 'Phone', email: 'E-mail', address: 'Address',
    buyer: 'Customer', contact: 'Contact', item: 'Item / description', unitPrice: 'Unit price', quantity: 'Qty', discount: 'Discount', amount: 'Amount', optional: 'optional',
    subtotal: 'Subtotal', untaxed: 'Before tax', tax: 'Business tax 5%', total: 'Total', totalInWords: 'Total in words (NTD)', terms: 'Terms and notes',
    exclusive: 'Prices exclude tax', inclusive: 'Prices include tax', none: 'No tax', accepted: 'Accepted by the customer', signedBy: 'Signed by', page: 'Page',
  },
};
