import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@lodestar/contract';
import { currentLanguage, languageNames } from '../i18n.ts';
import { switchLanguage } from '../language.ts';

/** The three UI languages, each named in itself; the choice is saved and the page reloads (used through language-picker.tsx). */
export function LanguageSelect({ variant = 'outlined' }: { variant?: 'outlined' | 'borderless' }) {
  const { t } = useTranslation('common');
  return (
    <Select<Locale>
      data-testid="language-picker"
      aria-label={t('language.label')}
      className="language-picker"
      variant={variant}
      value={currentLanguage()}
      prefix={<GlobalOutlined aria-hidden="true" />}
      popupMatchSelectWidth={false}
      options={locales.map((locale) => ({ value: locale, label: languageNames[locale] }))}
      onChange={(locale) => void switchLanguage(locale)}
    />
  );
}
