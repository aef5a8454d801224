import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../shared/open-in-new-tab.ts';
import { useSaveCompany } from '../companies.api.ts';
import { CompanyDrawer } from './company-drawer.tsx';
import { CompanyNameField, showCompanySaveErrors, toCompanyBody, type CompanyFormValues } from './company-form.tsx';

/** The quick "create company" dialog (name, with the similar-name warning); "All fields" opens the drawer. */
export function CreateCompanyDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<CompanyFormValues>();
  const save = useSaveCompany(orgId, t('notices.created'));
  const [drawerValues, setDrawerValues] = useState<Partial<CompanyFormValues> | null>(null);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async (values: CompanyFormValues) => {
    try {
      const saved = await save.mutateAsync({ body: toCompanyBody(values) });
      close();
      openInNewTab(`/${orgId}/company/detail/${saved.id}`);
    } catch (error) {
      showCompanySaveErrors(form, error);
    }
  };
  return (
    <>
      <Modal
        title={t('quickCreateTitle')}
        open={open}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button
            key="more"
            type="link"
            onClick={() => {
              setDrawerValues(form.getFieldsValue());
              close();
            }}
          >
            {t('moreFields')}
          </Button>,
          <Button key="cancel" onClick={close}>
            {t('common:actions.cancel')}
          </Button>,
          <Button key="submit" type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common:actions.submit')}
          </Button>,
        ]}
      >
        <Form form={form} layout="vertical" onFinish={submit} aria-label={t('quickCreateTitle')}>
          <CompanyNameField orgId={orgId} />
        </Form>
      </Modal>
      <CompanyDrawer orgId={orgId} open={drawerValues !== null} initialValues={drawerValues ?? undefined} onClose={() => setDrawerValues(null)} />
    </>
  );
}
