import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { planFeatureKeys, type BillingCatalog, type Plan } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatTwd } from '../format.ts';

const countedLimits = ['contacts', 'contactTags', 'companyTags', 'salesStages', 'products'] as const;

/** Plans side by side (docs/product.md#overview): price per month, limits and what each unlocks. */
export function PlanComparison({
  catalog,
  currentPlan,
  selected,
  onSelect,
  actionLabel,
}: {
  catalog: BillingCatalog;
  currentPlan: Plan | null;
  selected: Plan | null;
  onSelect: ((plan: Plan) => void) | null;
  actionLabel: (plan: Plan) => string;
}) {
  const { t } = useTranslation('subscription');
  const unlimited = t('compare.unlimited');
  return (
    <Row gutter={[16, 16]} role="list" aria-label={t('compare.title')}>
      {catalog.plans.map((plan) => {
        const isSelected = plan.id === selected;
        return (
          <Col key={plan.id} flex="1 1 150px" role="listitem">
            <Card
              className={isSelected ? 'plan-card plan-card--selected' : 'plan-card'}
              data-testid={`plan-${plan.id}`}
              title={
                <span>
                  {t(`plans.${plan.id}.name`)} {plan.id === currentPlan ? <Tag color="blue">{t('compare.current')}</Tag> : null}
                </span>
              }
            >
              <Typography.Title level={4} className="plan-card__price">
                {plan.monthlyPrice === null ? t('compare.byDiscussion') : plan.monthlyPrice === 0 ? t('compare.free') : t('compare.perMonth', { price: formatTwd(plan.monthlyPrice) })}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{t(`plans.${plan.id}.summary`)}</Typography.Paragraph>
              <ul className="plan-card__list">
                {countedLimits.map((key) => (
                  <li key={key}>{t(`compare.limits.${key}`, { count: plan.limits[key] ?? 0, value: plan.limits[key] === null ? unlimited : plan.limits[key] })}</li>
                ))}
                <li>{t('compare.limits.storage', { value: plan.limits.storageBytes === null ? unlimited : formatBytes(plan.limits.storageBytes) })}</li>
                <li>{t('compare.limits.seats', { value: plan.limits.seats === null ? unlimited : plan.limits.seats })}</li>
                {planFeatureKeys.map((key) => (
                  <li key={key}>
                    {plan.features[key] ? <CheckOutlined aria-label={t('compare.included')} /> : <MinusOutlined aria-label={t('compare.notIncluded')} />}{' '}
                    {t(`compare.features.${key}`)}
                  </li>
                ))}
              </ul>
              {onSelect && plan.purchasable ? (
                <Button block type={isSelected ? 'primary' : 'default'} onClick={() => onSelect(plan.id)} aria-pressed={isSelected}>
                  {actionLabel(plan.id)}
                </Button>
              ) : plan.monthlyPrice === null ? (
                <Typography.Text type="secondary">{t('compare.contactUs')}</Typography.Text>
              ) : null}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
