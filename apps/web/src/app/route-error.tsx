import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Render errors and failed lazy chunks (docs/product.md#errors: chunk loading failures raise a load error). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const isChunkError = error instanceof Error && /dynamically imported module|Importing a module script failed|chunk/i.test(error.message);
  console.error(error);
  return (
    <main className="centered-page">
      <Result
        status="error"
        title={<h1 className="status-page__title">{isChunkError ? t('crash.loadTitle') : t('crash.title')}</h1>}
        subTitle={t('crash.text')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </Button>
        }
      />
    </main>
  );
}
