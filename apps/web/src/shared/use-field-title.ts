import { useTranslation } from 'react-i18next';
import { recordFieldTitle, resolveLocale, type RecordFieldKind } from '@lodestar/contract';

/** A record field's title in the page's language, from the contract's field list (record-fields.ts). */
export function useFieldTitle(kind: RecordFieldKind): (key: string) => string {
  const { i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  return (key) => recordFieldTitle(locale, kind, key) ?? key;
}
