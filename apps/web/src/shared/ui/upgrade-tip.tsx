import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A Team plan feature is out of reach: say so and link to /subscription (docs/product.md#validation). */
export function UpgradeTip({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return <Alert className="form-tip" type="info" showIcon title={title} action={<Link to="/subscription">{t('actions.upgrade')}</Link>} />;
}
