import type { ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client.ts';
import { lazyComponent } from './lazy-dialog.tsx';

/**
 * antd's Result carries three large illustrations (404, 403, 500) whatever its status: it loads when an error first
 * shows, not with every page (scripts/check-initial-bundle.ts); meanwhile the title and text show plainly.
 */
export const LazyResult = lazyComponent(
  () => import('antd/es/result').then((m) => m.default),
  ({ title, subTitle, extra }) => (
    <div className="plain-result" role="alert">
      {title}
      {subTitle ? <p>{subTitle}</p> : null}
      {extra}
    </div>
  ),
);

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <Spin />
      <span>{label ?? t('states.loading')}</span>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const message = error instanceof ApiError ? error.message : t('notifications.failed');
  return (
    <LazyResult
      status="warning"
      title={t('states.loadError')}
      subTitle={message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : null
      }
    />
  );
}

export function EmptyState({ description, action }: { description?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Empty description={description ?? t('states.empty')}>
      {action}
    </Empty>
  );
}
