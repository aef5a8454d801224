import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, showNewVersionInPage } from '../shared/new-version.ts';
import { LazyResult } from '../shared/ui/lazy-result.tsx';

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
  const title = <h1 className="status-page__title">{isChunkError ? t('newVersion.message') : t('crash.title')}</h1>;
  const reload = (
    // Plain: this page may show outside antd's shell (a sign-in page's error), and antd may be what failed to load.
    <button type="button" className="plain-button plain-button--primary" onClick={() => window.location.reload()}>
      {isChunkError ? t('newVersion.reload') : t('crash.reload')}
    </button>
  );
  return (
    <main className="centered-page">
      {/* A missing chunk usually means a new build: loading Result's own chunk could fail too, so that case is plain. */}
      {isChunkError ? (
        <div className="plain-result">
          {title}
          {reload}
        </div>
      ) : (
        <LazyResult status="error" title={title} subTitle={t('crash.text')} extra={reload} />
      )}
    </main>
  );
}
