import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Every page sets a document title: "<page> · Lodestar". */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const product = t('productName');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
