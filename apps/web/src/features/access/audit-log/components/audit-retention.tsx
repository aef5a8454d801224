import { useEffect, useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditRetention } from '@lodestar/contract';
import { useAuditSettings, useAuditVerification } from '../audit-log.api.ts';

/** The chain check's verdict and how long entries are kept (days). */
export function AuditRetention({ orgId }: { orgId: string }) {
  const { t } = useTranslation('audit-log');
  const { settings, save } = useAuditSettings(orgId, t('saved'));
  const verification = useAuditVerification(orgId);
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data) setDays(settings.data.retentionDays);
  }, [settings.data]);
  const verdict = verification.data;
  return (
    <Space wrap align="center" size={[16, 8]}>
      {verdict ? (
        <Typography.Text type={verdict.valid ? 'success' : 'danger'} data-testid="audit-verdict">
          {verdict.valid ? t('chainValid', { count: verdict.checked }) : t('chainBroken', { position: verdict.brokenAt })}
        </Typography.Text>
      ) : null}
      <Space wrap align="center">
        <label htmlFor="audit-retention">{t('retention')}</label>
        <InputNumber
          id="audit-retention"
          min={auditRetention.minDays}
          max={auditRetention.maxDays}
          value={days}
          onChange={(value) => setDays(value)}
          addonAfter={t('days')}
          style={{ width: 160 }}
        />
        <Button
          disabled={days === null || days === settings.data?.retentionDays}
          loading={save.isPending}
          onClick={() => days !== null && void save.mutateAsync({ retentionDays: days })}
        >
          {t('save')}
        </Button>
      </Space>
    </Space>
  );
}
