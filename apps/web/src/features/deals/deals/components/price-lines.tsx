import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { AppstoreAddOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dealTotals, moneyPattern } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { moneyRules } from './deal-money.ts';
import { SalesItemDialog, type SalesItemKind } from './sales-items-editor.tsx';

function lineTotal(price: string | undefined, num: number | undefined): string {
  if (!price || !moneyPattern.test(price.trim()) || !num) return '';
  return formatMoney(dealTotals([{ quotedPrice: price.trim(), num: Math.trunc(num) }], [], '0').productTotal);
}

interface LineKind {
  list: 'products' | 'costs';
  /** The settings list the lines pick from (and where "new" saves). */
  itemKind: SalesItemKind;
  idField: 'productId' | 'costId';
  /** The price the user types: a product's quoted price, a cost's unit price. */
  priceField: 'quotedPrice' | 'singlePrice';
  testId: string;
  labels: { legend: string; empty: string; choose: string; noSettings: string; name: string; price: string; pricePlaceholder: string; num: string; remove: string; add: string; create: string };
}

/**
 * Product or cost lines: pick a settings item (its default price fills in), then the price and the
 * quantity; the line total shows as you type. A product line also keeps its list price (singlePrice).
 */
export function PriceLines({ orgId, kind, items }: { orgId: string; kind: LineKind; items: { id: string; name: string; defaultPrice: string }[] }) {
  const { t } = useTranslation('deals');
  // Untyped: the paths mix the two list kinds.
  const form = Form.useFormInstance();
  const { list, idField, priceField, labels } = kind;
  // Products and costs are settings (system administrators): they may add one here without leaving the deal.
  const { isSystemAdministrator } = usePermissions(orgId);
  const [creating, setCreating] = useState(false);
  const lineOf = (item: { id: string; name: string; defaultPrice: string }, num: number) => ({
    [idField]: item.id,
    name: item.name,
    singlePrice: item.defaultPrice,
    [priceField]: item.defaultPrice,
    num,
  });
  return (
    <Form.List name={list}>
      {(lines, { add, remove }) => (
        <fieldset className="deal-lines">
          <legend className="deal-lines__legend">{labels.legend}</legend>
          {lines.length === 0 ? <p className="muted">{labels.empty}</p> : null}
          {lines.map((line, index) => {
            const number = index + 1;
            return (
              <div key={line.key} className="deal-lines__row" data-testid={kind.testId}>
                <Form.Item name={[line.name, 'name']} rules={[requiredRule(t)]} className="deal-lines__name">
                  <Select
                    showSearch
                    aria-label={t(labels.name, { number })}
                    placeholder={labels.choose}
                    notFoundContent={labels.noSettings}
                    options={items.map((item) => ({ value: item.name, label: item.name }))}
                    onChange={(name: string) => {
                      const item = items.find((candidate) => candidate.name === name);
                      if (!item) return;
                      form.setFieldValue([list, line.name], lineOf(item, form.getFieldValue([list, line.name, 'num']) ?? 1));
                    }}
                  />
                </Form.Item>
                <Form.Item name={[line.name, idField]} hidden>
                  <Input />
                </Form.Item>
                {priceField === 'singlePrice' ? null : (
                  <Form.Item name={[line.name, 'singlePrice']} hidden>
                    <Input />
                  </Form.Item>
                )}
                <Form.Item name={[line.name, priceField]} rules={moneyRules(t, true)} className="deal-lines__price">
                  <Input inputMode="decimal" prefix="$" aria-label={t(labels.price, { number })} placeholder={labels.pricePlaceholder} />
                </Form.Item>
                <Form.Item name={[line.name, 'num']} rules={[{ required: true, message: t('common:validation.required') }]} className="deal-lines__num">
                  <InputNumber min={1} max={1_000_000} precision={0} aria-label={t(labels.num, { number })} placeholder={t('fields.num')} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => <span className="deal-lines__total">{lineTotal(form.getFieldValue([list, line.name, priceField]), form.getFieldValue([list, line.name, 'num']))}</span>}
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t(labels.remove, { number })} onClick={() => remove(line.name)} />
              </div>
            );
          })}
          <Space wrap>
            <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ num: 1 })}>
              {labels.add}
            </Button>
            {isSystemAdministrator ? (
              <Button type="link" icon={<AppstoreAddOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
                {labels.create}
              </Button>
            ) : null}
          </Space>
          {/* Saved to the settings list, then added as a line with its default price. */}
          <SalesItemDialog orgId={orgId} kind={kind.itemKind} item={null} open={creating} onClose={() => setCreating(false)} onSaved={(item) => add(lineOf(item, 1))} />
        </fieldset>
      )}
    </Form.List>
  );
}

export function useLineKinds(): { product: LineKind; cost: LineKind } {
  const { t } = useTranslation('deals');
  return {
    product: {
      list: 'products',
      itemKind: 'product',
      idField: 'productId',
      priceField: 'quotedPrice',
      testId: 'product-line',
      labels: {
        legend: t('fields.products'), empty: t('form.noProducts'), choose: t('form.chooseProduct'), noSettings: t('form.noProductSettings'),
        name: 'form.productName', price: 'form.quotedPrice', pricePlaceholder: t('fields.quotedPrice'), num: 'form.num', remove: 'form.removeProduct', add: t('form.addProduct'), create: t('form.newProduct'),
      },
    },
    cost: {
      list: 'costs',
      itemKind: 'cost',
      idField: 'costId',
      priceField: 'singlePrice',
      testId: 'cost-line',
      labels: {
        legend: t('fields.costs'), empty: t('form.noCosts'), choose: t('form.chooseCost'), noSettings: t('form.noCostSettings'),
        name: 'form.costName', price: 'form.costPrice', pricePlaceholder: t('fields.singlePrice'), num: 'form.costNum', remove: 'form.removeCost', add: t('form.addCost'), create: t('form.newCost'),
      },
    },
  };
}


/**
 * How the deal amount relates to the product lines: the amount is what the deal is expected to bring (it drives the
 * board totals, targets and statistics); the product total is only the sum of the lines. When they differ, one click
 * copies the product total into the amount.
 */
export function AmountAndProducts({ amount, productTotal, onUse }: { amount: string | undefined; productTotal: string; onUse: (value: string) => void }) {
  const { t } = useTranslation('deals');
  const hasProducts = Number(productTotal) > 0;
  const differs = hasProducts && Number(amount?.trim() || '0') !== Number(productTotal);
  return (
    <p className="muted deal-amount-hint" data-testid="deal-amount-hint">
      {t('form.amountHint')}{' '}
      {differs ? (
        <Button type="link" size="small" className="inline-link" onClick={() => onUse(String(Number(productTotal)))}>
          {t('form.useProductTotal', { total: formatMoney(productTotal) })}
        </Button>
      ) : null}
    </p>
  );
}
