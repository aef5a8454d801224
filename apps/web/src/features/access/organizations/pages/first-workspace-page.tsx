import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamPlan } from '@lodestar/contract';
import { useProfile } from '../../../../shared/profile.api.ts';
import { BrandLogo } from '../../../../shared/ui/brand-logo.tsx';
import { LanguagePicker } from '../../../../shared/ui/language-picker.tsx';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useCreateOrganization } from '../organizations.api.ts';
import { CreateWorkspaceForm } from '../components/create-workspace-form.tsx';
import { goToWorkspaceHome } from '../workspace-home.ts';

/** /org/create: a signed-in user without any workspace creates the first one. */
export function FirstWorkspacePage() {
  const { t } = useTranslation('organizations');
  usePageTitle(t('firstTitle'));
  const profile = useProfile();
  const create = useCreateOrganization(t('notices.created'));
  return (
    <div className="auth-page">
      <div className="auth-page__language">
        <LanguagePicker />
      </div>
      <main className="auth-page__main">
        <div className="auth-page__brand">
          <BrandLogo to={null} tone="dark" />
        </div>
        <Card className="auth-card" variant="borderless">
          <Typography.Title level={1} className="auth-card__title">
            {t('firstTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('firstSubtitle')}</Typography.Paragraph>
          {profile.isLoading ? (
            <LoadingState />
          ) : (
            <CreateWorkspaceForm
              formId="first-workspace-form"
              canInviteMembers={profile.data?.purchaseInfo.productId === teamPlan}
              submitting={create.isPending}
              onSubmit={(values) => create.mutate(values, { onSuccess: (created) => goToWorkspaceHome(created.orgId) })}
            />
          )}
        </Card>
      </main>
    </div>
  );
}
