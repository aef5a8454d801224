import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../shared/open-in-new-tab.ts';
import { QuickCreateModal } from '../../../shared/ui/quick-create-modal.tsx';
import { useSaveCompany } from '../companies.api.ts';
import { CompanyDrawer } from './company-drawer.tsx';
import { CompanyNameField, showCompanySaveErrors, toCompanyBody, type CompanyFormValues } from './company-form.tsx';

/** The quick "create company" dialog (name, with the similar-name warning); "All fields" opens the drawer. */
export function CreateCompanyDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<CompanyFormValues>();
  const save = useSaveCompany(orgId, t('notices.created'));
  const [drawerValues, setDrawerValues] = useState<Partial<CompanyFormValues> | null>(null);

  const submit = async (values: CompanyFormValues) => {
    try {
      const saved = await save.mutateAsync({ body: toCompanyBody(values) });
      form.resetFields();
      onClose();
      openInNewTab(`/${orgId}/company/detail/${saved.id}`);
    } catch (error) {
      showCompanySaveErrors(form, error);
    }
  };
  return (
    <>
      <QuickCreateModal
        title={t('quickCreateTitle')}
        open={open}
        form={form}
        saving={save.isPending}
        moreLabel={t('moreFields')}
        onMore={setDrawerValues}
        onSubmit={submit}
        onClose={onClose}
      >
        <CompanyNameField orgId={orgId} />
      </QuickCreateModal>
      <CompanyDrawer orgId={orgId} open={drawerValues !== null} initialValues={drawerValues ?? undefined} onClose={() => setDrawerValues(null)} />
    </>
  );
}
