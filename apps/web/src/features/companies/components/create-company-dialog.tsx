import { useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../shared/open-in-new-tab.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
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
      <FormDialog
        title={t('quickCreateTitle')}
        open={open}
        form={form}
        saving={save.isPending}
        onSubmit={submit}
        onClose={onClose}
        extraAction={
          <Button
            key="more"
            type="link"
            onClick={() => {
              setDrawerValues(form.getFieldsValue());
              form.resetFields();
              onClose();
            }}
          >
            {t('moreFields')}
          </Button>
        }
      >
        <CompanyNameField orgId={orgId} />
      </FormDialog>
      <CompanyDrawer orgId={orgId} open={drawerValues !== null} initialValues={drawerValues ?? undefined} onClose={() => setDrawerValues(null)} />
    </>
  );
}
