import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client.ts';
import { LazyResult } from './lazy-result.tsx';

export { LoadingState } from './loading-state.tsx';
export { LazyResult } from './lazy-result.tsx';

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
