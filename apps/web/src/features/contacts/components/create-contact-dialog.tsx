import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../shared/open-in-new-tab.ts';
import { showServerFieldErrors } from '../../../shared/ui/form-errors.ts';
import { QuickCreateModal } from '../../../shared/ui/quick-create-modal.tsx';
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

  const submit = async (values: ContactFormValues) => {
    try {
      const saved = await save.mutateAsync({ body: toContactBody(values) });
      form.resetFields();
      onClose();
      openInNewTab(`/${orgId}/contact/detail/${saved.id}`);
    } catch (error) {
      showServerFieldErrors(form, error);
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
        <ContactNameFields />
        <ContactPhoneRows />
      </QuickCreateModal>
      <ContactDrawer orgId={orgId} open={drawerValues !== null} initialValues={drawerValues ?? undefined} onClose={() => setDrawerValues(null)} />
    </>
  );
}
