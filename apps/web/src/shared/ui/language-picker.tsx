import { lazyComponent } from './lazy-dialog.tsx';

/**
 * The language picker (language-select.tsx), loaded a moment after the page: antd's Select is among the largest parts of
 * the sign-in page's first load, where nothing else needs it (scripts/check-initial-bundle.ts). A box of its size
 * holds its place meanwhile.
 */
export const LanguagePicker = lazyComponent(
  () => import('./language-select.tsx').then((m) => m.LanguageSelect),
  ({ variant = 'outlined' }: { variant?: 'outlined' | 'borderless' }) => <span className={`language-picker language-picker--loading language-picker--${variant}`} aria-hidden="true" />,
);
