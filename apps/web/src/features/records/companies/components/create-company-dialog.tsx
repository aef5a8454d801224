import { useTranslation } from 'react-i18next';
import { DynamicFieldInputs } from '../../custom-fields/index.ts';
import { QuickCreateDialog } from '../../../../shared/ui/quick-create-dialog.tsx';
import { useSaveCompany } from '../companies.api.ts';
import { CompanyDrawer } from './company-drawer.tsx';
import { CompanyNameField, showCompanySaveErrors, toCompanyBody, type CompanyFormValues } from './company-form.tsx';

/** The quick "create company" dialog: the name, with the similar-name warning. */
export function CreateCompanyDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const save = useSaveCompany(orgId, t('notices.created'));
  return (
    <QuickCreateDialog<CompanyFormValues>
      title={t('quickCreateTitle')}
      moreFieldsLabel={t('moreFields')}
      open={open}
      onClose={onClose}
      saving={save.isPending}
      create={(values) => save.mutateAsync({ body: toCompanyBody(values) })}
      detailPath={(id) => `/${orgId}/company/detail/${id}`}
      showErrors={showCompanySaveErrors}
      renderDrawer={(values, close) => <CompanyDrawer orgId={orgId} open={values !== null} initialValues={values ?? undefined} onClose={close} />}
    >
      <CompanyNameField orgId={orgId} />
      <DynamicFieldInputs orgId={orgId} entity="company" requiredOnly />
    </QuickCreateDialog>
  );
}
