import { Button, Checkbox, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { features, methods, visibilityScopes, type Feature, type PrivilegeFeatures } from '@lodestar/contract';
import { methodCoverage, methodsOf, setAllMethods, setScope, toggleMethod } from '../privilege-editor.ts';

/**
 * The per-feature editor: one row per feature of docs/product.md#permissions, a checkbox per method that applies,
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
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={features.map((feature) => ({ feature }))}
      columns={[
        {
          key: 'feature',
          title: t('matrix.feature'),
          fixed: 'left',
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
          render: (_, { feature }) =>
            onAssign ? (
              <Button size="small" onClick={() => onAssign(feature)} aria-label={t('matrix.assignOf', { feature: t(`features.${feature}`), count: assignedCount(feature) })}>
                {t('matrix.assignCount', { count: assignedCount(feature) })}
              </Button>
            ) : (
              <Typography.Text type="secondary">{t('matrix.assignedCount', { count: assignedCount(feature) })}</Typography.Text>
            ),
        },
      ]}
    />
  );
}
