import { useEffect } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../../shared/open-in-new-tab.ts';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useCompany, useSaveCompany } from '../companies.api.ts';
import { CompanyFormFields, companyToFormValues, showCompanySaveErrors, toCompanyBody, type CompanyFormValues } from './company-form.tsx';

export interface CompanyDrawerProps {
  orgId: string;
  open: boolean;
  companyId?: string | null;
  initialValues?: Partial<CompanyFormValues>;
  onClose: () => void;
}

/** The full 600-wide company drawer (docs/product.md#screens); a new company's page opens in a new tab. */
export function CompanyDrawer({ orgId, open, companyId, initialValues, onClose }: CompanyDrawerProps) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<CompanyFormValues>();
  const isEdit = Boolean(companyId);
  const company = useCompany(orgId, open ? companyId : null);
  const save = useSaveCompany(orgId, isEdit ? t('notices.updated') : t('notices.created'));

  useEffect(() => {
    if (!open) return;
    if (company.data) form.setFieldsValue(companyToFormValues(company.data));
    else if (initialValues) form.setFieldsValue(initialValues);
  }, [open, company.data, initialValues, form]);

  const submit = async (values: CompanyFormValues) => {
    try {
      const saved = await save.mutateAsync({ body: toCompanyBody(values, companyId ?? undefined) });
      form.resetFields();
      onClose();
      if (!isEdit) openInNewTab(`/${orgId}/company/detail/${saved.id}`);
    } catch (error) {
      showCompanySaveErrors(form, error);
    }
  };

  return (
    <FormDrawer
      title={isEdit ? t('editTitle') : t('createTitle')}
      open={open}
      form={form}
      loading={isEdit && company.isLoading}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <CompanyFormFields orgId={orgId} excludeId={companyId ?? undefined} />
    </FormDrawer>
  );
}
