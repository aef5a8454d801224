import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { Loaded } from '../components/loaded.tsx';
import { formatTwd } from '../format.ts';
import { useSandboxVerification, useSandboxVerify } from '../subscription.api.ts';

/**
 * /subscription/verify?trade= — the sandbox provider's stand-in for the bank's 3-D Secure page (test mode only;
 * docs/decisions/0010). The answer goes back through the same notify and return as TapPay's payment_url.
 */
export function SandboxVerifyPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('verify.title'));
  const [params] = useSearchParams();
  const tradeId = params.get('trade');
  const verification = useSandboxVerification(tradeId);
  return (
    <Card
      className="sandbox-verify"
      title={
        <Typography.Title level={1} className="card-title">
          <SafetyCertificateOutlined aria-hidden="true" /> {t('verify.title')} <Tag>{t('testModeTag')}</Tag>
        </Typography.Title>
      }
    >
      <Alert className="form-tip" type="warning" showIcon title={t('verify.testMode')} />
      {tradeId ? <Loaded query={verification}>{(trade) => <Answer trade={trade} />}</Loaded> : <Alert type="error" showIcon title={t('verify.notFound')} />}
    </Card>
  );
}

function Answer({ trade }: { trade: NonNullable<ReturnType<typeof useSandboxVerification>['data']> }) {
  const { t } = useTranslation('subscription');
  const verify = useSandboxVerify(trade.tradeId);
  const answer = (approve: boolean) =>
    verify.mutate(approve, {
      // Like the bank's page: back to our result page, which reads the settled charge.
      onSuccess: (result) => window.location.assign(result.redirectUrl),
    });
  if (trade.status !== 'pending') return <Alert type="info" showIcon title={t('verify.answered')} />;
  return (
    <Space direction="vertical" size="large" className="full-width">
      <Typography.Paragraph>{t('verify.text')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('verify.merchant')}>Lodestar</Descriptions.Item>
        <Descriptions.Item label={t('history.amount')}>{formatTwd(trade.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('history.receiptNumber')}>{trade.orderNumber}</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Button type="primary" loading={verify.isPending && verify.variables} disabled={verify.isPending} onClick={() => answer(true)}>
          {t('verify.approve')}
        </Button>
        <Button danger loading={verify.isPending && !verify.variables} disabled={verify.isPending} onClick={() => answer(false)}>
          {t('verify.fail')}
        </Button>
      </Space>
    </Space>
  );
}
