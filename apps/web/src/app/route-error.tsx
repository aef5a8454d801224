import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, showNewVersionInPage } from '../shared/new-version.ts';

/**
 * Render errors and failed lazy chunks (docs/product.md#errors). A chunk that fails to load almost always means
 * the server was updated and the old build's files are gone: the new-version message, with a reload.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const isChunkError = isChunkLoadError(error);
  useEffect(() => {
    console.error(error);
    if (isChunkError) showNewVersionInPage();
  }, [error, isChunkError]);
  return (
    <main className="centered-page">
      <Result
        status={isChunkError ? 'info' : 'error'}
        title={<h1 className="status-page__title">{isChunkError ? t('newVersion.message') : t('crash.title')}</h1>}
        subTitle={isChunkError ? null : t('crash.text')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {isChunkError ? t('newVersion.reload') : t('crash.reload')}
          </Button>
        }
      />
    </main>
  );
}
