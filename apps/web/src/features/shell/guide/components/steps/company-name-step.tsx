import { useTranslation } from 'react-i18next';
import { WorkspaceDetailsCard } from '../../../../access/organizations/index.ts';
import type { StepBodyProps } from './step-body.ts';

/** The workspace's name and details, the settings page's own form. */
export function CompanyNameStep({ orgId, onSaved }: StepBodyProps) {
  const { t } = useTranslation('guide');
  return <WorkspaceDetailsCard orgId={orgId} onSaved={onSaved} submitLabel={t('saveAndContinue')} />;
}
