import { Alert, Button, Card, Flex, List, Progress, Tag, Typography, Upload } from 'antd';
import { CloudDownloadOutlined, DatabaseOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { backupKeepDays, type Backup } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { downloadBackup, useBackups, useRestoreBackup, useStartBackup } from '../backups.api.ts';

/**
 * Settings → Backup (system administrators): everything in the workspace as one archive made by a background job
 * (progress shown while it runs, the download when done), and a restore of such an archive into a new workspace.
 */
export function BackupPage() {
  const { t } = useTranslation('backups');
  const { orgId = '' } = useParams();
  const backups = useBackups(orgId);
  const start = useStartBackup(orgId);
  const restore = useRestoreBackup(orgId);
  const items = (backups.data ?? []).filter((b) => b.kind !== 'contact');
  const percent = (b: Backup) => (b.stepsTotal > 0 ? Math.round((b.stepsDone / b.stepsTotal) * 100) : 0);
  // Colours in AA contrast (styles.css .backup-state: antd's preset green is below it).
  const stateTag = (b: Backup) => <Tag className={`backup-state backup-state--${b.state}`}>{t(`state.${b.state}`)}</Tag>;
  // KB below 1 MB, else MB with one decimal (a 100 000-contact archive is tens of MB).
  const size = (bytes: number) => (bytes < 1024 * 1024 ? t('sizeKb', { size: Math.max(1, Math.ceil(bytes / 1024)) }) : t('sizeMb', { size: (bytes / 1024 / 1024).toFixed(1) }));
  return (
    <Flex vertical gap="large">
      <Card title={t('title')}>
        <Flex vertical gap="middle">
          <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
          <Flex gap="small" wrap>
            <Button type="primary" icon={<DatabaseOutlined />} loading={start.isPending} onClick={() => start.mutate()}>
              {t('start')}
            </Button>
            <Upload accept=".zip,application/zip" showUploadList={false} beforeUpload={(file) => (restore.mutate(file), false)}>
              <Button icon={<UploadOutlined />} loading={restore.isPending}>{t('restore')}</Button>
            </Upload>
          </Flex>
          <Typography.Text type="secondary">{t('restoreHint')}</Typography.Text>
          <Typography.Text type="secondary">{t('keepHint', { days: backupKeepDays })}</Typography.Text>
        </Flex>
      </Card>
      <Card title={t('history')}>
        <List
          className="backup-list"
          dataSource={items}
          locale={{ emptyText: t('empty') }}
          renderItem={(b) => (
            <List.Item
              actions={[
                b.kind === 'workspace' && b.state === 'done' ? (
                  <Button key="download" icon={<CloudDownloadOutlined />} onClick={() => void downloadBackup(orgId, b)}>
                    {t('download')}
                  </Button>
                ) : b.kind === 'restore' && b.restoredOrgId ? (
                  <Link key="open" to={`/${b.restoredOrgId}`}>{t('openRestored')}</Link>
                ) : null,
              ]}
            >
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex gap="small" align="center" wrap>
                  <Typography.Text strong>{t(`kind.${b.kind}`)}</Typography.Text>
                  {stateTag(b)}
                  <Typography.Text type="secondary">{formatDateTime(b.createdAt)}</Typography.Text>
                </Flex>
                {b.state === 'running' ? <Progress percent={percent(b)} size="small" aria-label={t('progress')} /> : null}
                {b.state === 'done' && b.kind === 'workspace' ? (
                  <Typography.Text type="secondary">
                    {t('summary', { rows: b.rowsDone.toLocaleString(), size: size(b.fileBytes ?? 0) })}
                    {b.expiresAt ? ` · ${t('downloadUntil', { date: formatDateTime(b.expiresAt) })}` : ''}
                  </Typography.Text>
                ) : null}
                {b.state === 'expired' ? <Typography.Text type="secondary">{t('expired', { days: backupKeepDays })}</Typography.Text> : null}
                {b.state === 'failed' ? <Alert type="error" showIcon message={t(b.kind === 'restore' ? 'failedRestore' : 'failed')} /> : null}
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
