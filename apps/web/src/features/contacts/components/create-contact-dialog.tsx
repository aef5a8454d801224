import { useState } from 'react';
import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../shared/open-in-new-tab.ts';
import { showServerFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useSaveContact } from '../contacts.api.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ContactNameFields, ContactPhoneRows, toContactBody, type ContactFormValues } from './contact-form.tsx';

/**
 * The quick "create client" dialog of the fast-create menu (spec section 2): first name, last name, phone
 * with type; "All fields" continues in the 600-wide drawer with what was typed.
 */
export function CreateContactDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const [form] = Form.useForm<ContactFormValues>();
  const save = useSaveContact(orgId, t('notices.created'));
  const [drawerValues, setDrawerValues] = useState<Partial<ContactFormValues> | null>(null);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async (values: ContactFormValues) => {
    try {
      const saved = await save.mutateAsync({ body: toContactBody(values) });
      close();
      openInNewTab(`/${orgId}/contact/detail/${saved.id}`);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  const openDrawer = () => {
    setDrawerValues(form.getFieldsValue());
    close();
  };

  return (
    <>
      <Modal
        title={t('quickCreateTitle')}
        open={open}
        onCancel={close}
        destroyOnHidden
        footer={[
          <Button key="more" type="link" onClick={openDrawer}>
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
          <ContactNameFields />
          <ContactPhoneRows />
        </Form>
      </Modal>
      <ContactDrawer
        orgId={orgId}
        open={drawerValues !== null}
        initialValues={drawerValues ?? undefined}
        onClose={() => setDrawerValues(null)}
      />
    </>
  );
}
