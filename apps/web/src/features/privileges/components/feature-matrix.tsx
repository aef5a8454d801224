import { Button, Checkbox, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { features, methods, visibilityScopes, type Feature, type PrivilegeFeatures } from '@lodestar/contract';
import { methodCoverage, methodsOf, setAllMethods, setScope, toggleMethod } from '../privilege-editor.ts';

/**
 * The per-feature editor: one row per feature of spec section 6, a checkbox per method that applies,
 * the visibility scope, and how many departments/users it is assigned to for that feature.
 */
export function FeatureMatrix({
  value,
  onChange,
  readOnly,
  assignedCount,
  onAssign,
}: {
  value: PrivilegeFeatures;
  onChange: (next: PrivilegeFeatures) => void;
  readOnly: boolean;
  assignedCount: (feature: Feature) => number;
  onAssign: ((feature: Feature) => void) | null;
}) {
  const { t } = useTranslation('privileges');
  return (
    <Table<{ feature: Feature }>
      rowKey="feature"
      size="middle"
      pagination={false}
      scroll={{ x: 1080 }}
      dataSource={features.map((feature) => ({ feature }))}
      columns={[
        {
          key: 'feature',
          title: t('matrix.feature'),
          fixed: 'left',
          width: 200,
          render: (_, { feature }) => {
            const coverage = methodCoverage(value, feature);
            return (
              <Checkbox
                checked={coverage === 'all'}
                indeterminate={coverage === 'some'}
                disabled={readOnly}
                onChange={(event) => onChange(setAllMethods(value, feature, event.target.checked))}
                aria-label={t('matrix.allOf', { feature: t(`features.${feature}`) })}
              >
                <Typography.Text strong>{t(`features.${feature}`)}</Typography.Text>
              </Checkbox>
            );
          },
        },
        ...methods.map((method) => ({
          key: method,
          title: t(`methods.${method}`),
          align: 'center' as const,
          render: (_: unknown, { feature }: { feature: Feature }) =>
            methodsOf(feature).includes(method) ? (
              <Checkbox
                checked={value[feature].methods.includes(method)}
                disabled={readOnly}
                onChange={(event) => onChange(toggleMethod(value, feature, method, event.target.checked))}
                aria-label={t('matrix.methodOf', { method: t(`methods.${method}`), feature: t(`features.${feature}`) })}
              />
            ) : (
              <span aria-hidden="true" className="matrix-na">
                –
              </span>
            ),
        })),
        {
          key: 'scope',
          title: t('matrix.scope'),
          width: 190,
          render: (_, { feature }) => (
            <Select
              size="small"
              className="scope-select"
              value={value[feature].scope}
              disabled={readOnly}
              onChange={(scope) => onChange(setScope(value, feature, scope))}
              aria-label={t('matrix.scopeOf', { feature: t(`features.${feature}`) })}
              options={visibilityScopes.map((scope) => ({ value: scope, label: t(`scopes.${scope}`) }))}
              popupMatchSelectWidth={false}
            />
          ),
        },
        {
          key: 'assigned',
          title: t('matrix.assigned'),
          width: 170,
          render: (_, { feature }) => (
            <Space size={6}>
              <Typography.Text type="secondary">{t('matrix.assignedCount', { count: assignedCount(feature) })}</Typography.Text>
              {onAssign ? (
                <Button size="small" onClick={() => onAssign(feature)} aria-label={t('matrix.assignOf', { feature: t(`features.${feature}`) })}>
                  {t('matrix.assign')}
                </Button>
              ) : null}
            </Space>
          ),
        },
      ]}
    />
  );
}
