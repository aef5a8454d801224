import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-logo.tsx';
import { PlainLanguageSelect } from './plain-language-select.tsx';
import { usePageTitle } from './use-page-title.ts';

/** Public pages (login, sign-up, forgot/reset password): a centred card with the product name. Plain: no antd here. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('common');
  usePageTitle(title);
  return (
    <div className="auth-page">
      <header className="auth-page__language">
        <PlainLanguageSelect />
      </header>
      <main className="auth-page__main">
        <div className="auth-page__brand">
          <BrandMark size={40} />
          <div>
            <div className="auth-page__product">{t('productName')}</div>
            <div className="auth-page__tagline">{t('tagline')}</div>
          </div>
        </div>
        {/* A plain panel rather than antd Card, which brings Tabs into the sign-in page's first load. */}
        <section className="auth-card">
          {/* Plain elements styled as antd's Title and secondary Paragraph: Typography is not worth its weight here. */}
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </section>
      </main>
    </div>
  );
}
