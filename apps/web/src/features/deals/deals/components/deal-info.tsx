import { Card, Descriptions, InputNumber, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { wonStageId, type CustomField, type DealUpdateInput, type DealView } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { InlineField } from '../../../../shared/ui/inline-field.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useOptimisticPatch } from '../../../../shared/use-optimistic-patch.ts';
import { customFieldItems } from '../../../records/custom-fields/index.ts';
import { dealKeys } from '../../query-keys.ts';
import { useSaveDeal } from '../deals.api.ts';
import { moneyRules } from './deal-money.ts';

type Deal = DealView['deal'];

/**
 * The deal page's details card: amount, closing rate, dates and the custom fields are edited in place with the
 * drawer's rules (deal-form.tsx), each change a partial PUT /deal/{id}; the rest links or shows.
 */
export function DealInfoCard({ orgId, deal, fields }: { orgId: string; deal: Deal; fields: CustomField[] }) {
  const { t } = useTranslation('deals');
  const save = useSaveDeal(orgId, t('notices.updated'));
  const patch = useOptimisticPatch<DealView>(dealKeys.view(orgId, deal.id));
  const saveWith = (body: DealUpdateInput, shown: Partial<Deal>) =>
    patch(
      (view) => ({ ...view, deal: { ...view.deal, ...shown } }),
      () => save.mutateAsync({ id: deal.id, body }),
    );
  const date = (field: 'startDate' | 'estimatedEndDate') => (
    <InlineField<string>
      label={t(`fields.${field}`)}
      value={deal[field]}
      rules={[requiredRule(t), ...dateRules(t)]}
      input={<DateMaskInput />}
      canEdit={deal.canEdit}
      onSave={(value) => saveWith({ [field]: value }, { [field]: value ?? '' })}
      testId={`inline-${field}`}
    >
      {deal[field]}
    </InlineField>
  );
  const none = <span className="muted">{t('detail.none')}</span>;
  return (
    <Card title={<Typography.Title level={2} className="side-title">{t('details')}</Typography.Title>}>
      <Descriptions column={1} size="small" className="deal-info">
        <Descriptions.Item label={t('fields.amount')}>
          <InlineField<string>
            label={t('fields.amount')}
            value={deal.amount}
            rules={moneyRules(t, true)}
            input={<Input inputMode="decimal" maxLength={20} />}
            canEdit={deal.canEdit}
            onSave={(value) => saveWith({ amount: (value ?? '').trim() }, { amount: (value ?? '').trim() })}
            testId="inline-amount"
          >
            {formatMoney(deal.amount)}
          </InlineField>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.closingRate')}>
          <InlineField<number>
            label={t('fields.closingRate')}
            value={deal.closingRate}
            rules={[{ type: 'integer', min: 0, max: 100, message: t('validation.closingRate') }]}
            input={<InputNumber min={0} max={100} precision={0} />}
            canEdit={deal.canEdit}
            onSave={(closingRate) => saveWith({ closingRate: closingRate ?? 0 }, { closingRate: closingRate ?? 0 })}
            testId="inline-closingRate"
          >
            {t('percent', { value: deal.closingRate })}
          </InlineField>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.startDate')}>{date('startDate')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.estimatedEndDate')}>{date('estimatedEndDate')}</Descriptions.Item>
        {deal.stage === wonStageId ? (
          <Descriptions.Item label={t('fields.completedDate')}>
            <span data-testid="deal-completed-date">{deal.completedDate ?? ''}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('fields.company')}>{deal.company ? <Link to={`/${orgId}/company/detail/${deal.company.id}`}>{deal.company.name}</Link> : none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.client')}>{deal.client ? <Link to={`/${orgId}/contact/detail/${deal.client.id}`}>{deal.client.name}</Link> : none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.owner')}>{deal.owner?.name ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('fields.creator')}>{deal.creator?.name ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('fields.permission')}>{t(`permissions.${deal.permission}`)}</Descriptions.Item>
        {deal.transferTarget ? <Descriptions.Item label={t('fields.transferTarget')}>{deal.transferTarget.name}</Descriptions.Item> : null}
        {customFieldItems({
          fields,
          values: deal.dynamicFields,
          canEdit: deal.canEdit,
          none: '',
          t,
          onSave: (fieldId, value) => {
            const dynamicFields = { ...deal.dynamicFields, [fieldId]: value } as Deal['dynamicFields'];
            return saveWith({ dynamicFields }, { dynamicFields });
          },
        })}
      </Descriptions>
    </Card>
  );
}
