import { Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  dealTotals,
  moneyPattern,
  stageChoices,
  wonStageId,
  type Deal,
  type DealCreateInput,
  type DynamicFieldValues,
  type MarginBasis,
  type Stage,
} from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { todayIso } from '../../../../shared/format/dates.ts';
import { completedDateOf } from '../deals.api.ts';
import { FieldItem } from '../../../../shared/ui/field-item.tsx';
import type { PickedRecord } from '../../../../shared/ui/picker-field.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { CompanyPickerField } from '../../../records/companies/index.ts';
import { ContactPickerField } from '../../../records/contacts/index.ts';
import { DynamicFieldInputs, cleanDynamicValues } from '../../../records/custom-fields/index.ts';
import { OrganizationUserSelect } from '../../../access/members/index.ts';
import { useCosts, useProducts } from '../sales-items.api.ts';
import { useStageTypes } from '../sales-stages.api.ts';
import { useStageLabel } from './stage-label.tsx';
import { moneyRules } from './deal-money.ts';
import { AmountAndProducts, PriceLines, useLineKinds } from './price-lines.tsx';

export interface ProductLineValues {
  productId?: string | null;
  name?: string;
  singlePrice?: string;
  quotedPrice?: string;
  num?: number;
}
export interface CostLineValues {
  costId?: string | null;
  name?: string;
  singlePrice?: string;
  num?: number;
}
export interface DealFormValues {
  name: string;
  amount: string;
  startDate: string;
  estimatedEndDate: string;
  stage?: number;
  closingRate?: number;
  completedDate?: string | null;
  company?: PickedRecord | null;
  client?: PickedRecord | null;
  products?: ProductLineValues[];
  costs?: CostLineValues[];
  permission?: 'private' | 'public';
  collaboratorUserIds?: string[];
  dynamicFields?: DynamicFieldValues;
}

/** The workspace's default stage type's choices (its stages, then won and lost). */
export function useStageChoices(orgId: string): { stageTypeId: string | null; choices: Stage[]; isLoading: boolean } {
  const types = useStageTypes(orgId);
  const type = types.data?.items.find((item) => item.isDefault) ?? types.data?.items[0];
  return { stageTypeId: type?.uuid ?? null, choices: type ? stageChoices(type.stages) : [], isLoading: types.isLoading };
}

/** Picking a stage sets the closing rate to the stage's rate (docs/product.md#states). */
export function StageSelect({ choices, form, id }: { choices: Stage[]; form: FormInstance; id?: string; value?: number; onChange?: (value: number) => void }) {
  const labelOf = useStageLabel();
  return (
    <Form.Item noStyle shouldUpdate>
      {() => (
        <Select
          id={id}
          value={form.getFieldValue('stage') as number | undefined}
          onChange={(value: number) => {
            const stage = choices.find((choice) => choice.id === value);
            form.setFieldsValue({
              stage: value,
              ...(stage ? { closingRate: stage.closingRate } : {}),
              // Won: the completed date starts as today in the user's own calendar.
              ...(value === wonStageId && !form.getFieldValue('completedDate') ? { completedDate: todayIso() } : {}),
            });
          }}
          options={choices.map((stage) => ({ value: stage.id, label: labelOf(stage) }))}
        />
      )}
    </Form.Item>
  );
}

/** Amount, dates and stage: what the simple dialog and the full drawer share (titles and inputs from the field list). */
export function DealBasicFields({ choices, form }: { choices: Stage[]; form: FormInstance }) {
  const { t } = useTranslation('deals');
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <FieldItem kind="deal" field="amount" rules={moneyRules(t, true)} />
        </Col>
        <Col span={12}>
          <FieldItem kind="deal" field="stage" rules={[{ required: true, message: t('common:validation.required') }]}>
            <StageSelect choices={choices} form={form} />
          </FieldItem>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <FieldItem kind="deal" field="startDate" rules={[requiredRule(t)]} />
        </Col>
        <Col span={12}>
          <FieldItem kind="deal" field="estimatedEndDate" rules={[requiredRule(t)]} />
        </Col>
      </Row>
    </>
  );
}

/** Valid lines only, so the running totals never show NaN while the user types. */
function totalsOf(values: Pick<DealFormValues, 'products' | 'costs'> & { amount: string | undefined }) {
  const valid = (price: string | undefined, num: number | undefined) => Boolean(price && moneyPattern.test(price.trim()) && num && num >= 1);
  return dealTotals(
    (values.products ?? []).filter((line) => valid(line.quotedPrice, line.num)).map((line) => ({ quotedPrice: line.quotedPrice!.trim(), num: Math.trunc(line.num!) })),
    (values.costs ?? []).filter((line) => valid(line.singlePrice, line.num)).map((line) => ({ singlePrice: line.singlePrice!.trim(), num: Math.trunc(line.num!) })),
    values.amount && moneyPattern.test(values.amount.trim()) ? values.amount.trim() : '0',
  );
}

export function DealTotals({ productTotal, costTotal, marginBasis, margin }: { productTotal: string; costTotal: string; marginBasis: MarginBasis; margin: string }) {
  const { t } = useTranslation('deals');
  return (
    <dl className="deal-totals" data-testid="deal-totals">
      <div>
        <dt>{t('fields.productTotal')}</dt>
        <dd>{formatMoney(productTotal)}</dd>
      </div>
      <div>
        <dt>{t('fields.costTotal')}</dt>
        <dd>{formatMoney(costTotal)}</dd>
      </div>
      <div className={margin.startsWith('-') ? 'deal-totals__negative' : ''}>
        <dt>{t('fields.margin')}</dt>
        <dd>{formatMoney(margin)}</dd>
        {/* Without product lines the margin is measured from the deal's amount: say so, it is not the sum shown above. */}
        {marginBasis === 'amount' ? <dd className="deal-totals__basis">{t('fields.marginFromAmount')}</dd> : null}
      </div>
    </dl>
  );
}

/** Every field of a deal (docs/product.md#fields) for the 600-wide drawer. */
export function DealFormFields({ orgId, choices, form }: { orgId: string; choices: Stage[]; form: FormInstance<DealFormValues> }) {
  const { t } = useTranslation('deals');
  const products = useProducts(orgId);
  const costs = useCosts(orgId);
  const kinds = useLineKinds();
  return (
    <>
      <FieldItem kind="deal" field="name" rules={[requiredRule(t)]} />
      <DealBasicFields choices={choices} form={form} />
      <Row gutter={16}>
        <Col span={12}>
          <FieldItem kind="deal" field="closingRate" rules={[{ type: 'integer', min: 0, max: 100, message: t('validation.closingRate') }]}>
            <InputNumber min={0} max={100} precision={0} suffix="%" className="full-width" />
          </FieldItem>
        </Col>
        <Col span={12}>
          <Form.Item noStyle shouldUpdate={(before, after) => before.stage !== after.stage}>
            {() =>
              form.getFieldValue('stage') === wonStageId ? (
                <FieldItem kind="deal" field="completedDate" />
              ) : null
            }
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <FieldItem kind="deal" field="company">
            <CompanyPickerField orgId={orgId} />
          </FieldItem>
        </Col>
        <Col span={12}>
          <FieldItem kind="deal" field="client">
            <ContactPickerField orgId={orgId} />
          </FieldItem>
        </Col>
      </Row>
      <Form.Item name="permission" label={t('fields.permission')}>
        <Select
          options={(['private', 'public'] as const).map((value) => ({ value, label: t(`permissions.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="collaboratorUserIds" label={t('fields.collaborators')} extra={t('form.collaboratorsHint')}>
        <OrganizationUserSelect orgId={orgId} mode="multiple" placeholder={t('detail.addCollaborators')} />
      </Form.Item>
      <PriceLines orgId={orgId} kind={kinds.product} items={products.data?.items ?? []} />
      <PriceLines orgId={orgId} kind={kinds.cost} items={costs.data?.items ?? []} />
      <Form.Item noStyle shouldUpdate>
        {() => {
          // The stored lines (getFieldValue), not getFieldsValue's registered fields: a line added in code (a product
          // created in place) has no mounted inputs yet at this render, and its total would read $0 until the next edit.
          const totals = totalsOf({
            products: form.getFieldValue('products') as ProductLineValues[] | undefined,
            costs: form.getFieldValue('costs') as CostLineValues[] | undefined,
            amount: form.getFieldValue('amount') as string | undefined,
          });
          return (
            <>
              <DealTotals {...totals} />
              <AmountAndProducts amount={form.getFieldValue('amount') as string | undefined} productTotal={totals.productTotal} onUse={(value) => form.setFieldValue('amount', value)} />
            </>
          );
        }}
      </Form.Item>
      <DynamicFieldInputs orgId={orgId} entity="deal" />
    </>
  );
}

export function emptyDealValues(choices: Stage[]): Partial<DealFormValues> {
  const first = choices[0];
  return { stage: first?.id, closingRate: first?.closingRate ?? 0, startDate: todayIso(), permission: 'private', collaboratorUserIds: [], products: [], costs: [] };
}

export function dealToFormValues(deal: Deal): DealFormValues {
  return {
    name: deal.name,
    amount: deal.amount,
    startDate: deal.startDate,
    estimatedEndDate: deal.estimatedEndDate,
    stage: deal.stage,
    closingRate: deal.closingRate,
    completedDate: deal.completedDate,
    company: deal.company,
    client: deal.client,
    permission: deal.permission,
    collaboratorUserIds: deal.collaborators.map((user) => user.userId),
    products: deal.products.map(({ productId, name, singlePrice, quotedPrice, num }) => ({ productId, name, singlePrice, quotedPrice, num })),
    costs: deal.costs.map(({ costId, name, singlePrice, num }) => ({ costId, name, singlePrice, num })),
    dynamicFields: deal.dynamicFields,
  };
}

/** Form values → the body of POST /deal and PUT /deal/{id} (the same keys; PUT changes only what it gets). */
export function toDealBody(values: DealFormValues, stageTypeId: string | null): DealCreateInput {
  return {
    name: values.name.trim(),
    amount: values.amount.trim(),
    startDate: values.startDate,
    estimatedEndDate: values.estimatedEndDate,
    ...(values.stage !== undefined ? { stage: values.stage } : {}),
    ...(stageTypeId ? { stageTypeId } : {}),
    ...(values.closingRate !== undefined && values.closingRate !== null ? { closingRate: values.closingRate } : {}),
    completedDate: completedDateOf(values.stage, values.completedDate),
    companyId: values.company?.id ?? null,
    clientId: values.client?.id ?? null,
    ...(values.permission ? { permission: values.permission } : {}),
    ...(values.collaboratorUserIds ? { collaboratorUserIds: values.collaboratorUserIds } : {}),
    products: (values.products ?? []).map((line) => ({
      productId: line.productId ?? null,
      name: (line.name ?? '').trim(),
      singlePrice: (line.singlePrice || line.quotedPrice || '0').trim(),
      quotedPrice: (line.quotedPrice ?? '0').trim(),
      num: Math.trunc(line.num ?? 1),
    })),
    costs: (values.costs ?? []).map((line) => ({
      costId: line.costId ?? null,
      name: (line.name ?? '').trim(),
      singlePrice: (line.singlePrice ?? '0').trim(),
      num: Math.trunc(line.num ?? 1),
    })),
    ...(values.dynamicFields ? { dynamicFields: cleanDynamicValues(values.dynamicFields) } : {}),
  };
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={3} className="form-section-title">
      {children}
    </Typography.Title>
  );
}
