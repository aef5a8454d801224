import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../../shared/ui/brand-logo.tsx';
import { LanguagePicker } from '../../../../shared/ui/language-picker.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';

/** A standalone page (no org lookup, so it can never loop back into the error that led here). */
export function StatusPage({
  status,
  icon,
  title,
  text,
  actions,
}: {
  status: ResultProps['status'];
  icon?: ReactNode;
  title: string;
  text: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <div className="status-page">
      <header className="status-page__header">
        <BrandLogo tone="dark" />
        <LanguagePicker />
      </header>
      <main className="status-page__main">
        <Result
          status={status}
          icon={icon}
          title={<h1 className="status-page__title">{title}</h1>}
          subTitle={text}
          extra={
            actions ?? (
              <Button type="primary" onClick={() => navigate('/org/redirect')}>
                {t('actions.backHome')}
              </Button>
            )
          }
        />
      </main>
    </div>
  );
}
