import { Card, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { SalesItemsEditor, type SalesItemKind } from '../components/sales-items-editor.tsx';
import { PlanLimitHint } from '../../../billing/subscription/index.ts';

/** settings/productList and settings/costs: name, (colour,) default price; create, edit and delete. */
export function SalesItemsPage({ kind }: { kind: SalesItemKind }) {
  const { t } = useTranslation('deals');
  const title = t(`settings.${kind}.title`);
  usePageTitle(title);
  const { orgId = '' } = useParams();
  return (
    <Card title={<Typography.Title level={1} className="card-title">{title}</Typography.Title>}>
      <Typography.Paragraph type="secondary">
        {t(`settings.${kind}.hint`)} <PlanLimitHint orgId={orgId} limit="products" />
      </Typography.Paragraph>
      <SalesItemsEditor orgId={orgId} kind={kind} />
    </Card>
  );
}
