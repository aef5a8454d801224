import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { openInNewTab } from '../../../../shared/open-in-new-tab.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { useContact, useSaveContact } from '../contacts.api.ts';
import { AvatarField, type AvatarChange } from './avatar-field.tsx';
import { ContactFormFields, contactToFormValues, toContactBody, type ContactFormValues } from './contact-form.tsx';

export interface ContactDrawerProps {
  orgId: string;
  open: boolean;
  /** Edit this contact; without it the drawer creates one. */
  contactId?: string | null;
  /** Values carried over from the quick dialog. */
  initialValues?: Partial<ContactFormValues>;
  onClose: () => void;
}

/** The full 600-wide client drawer (docs/product.md#screens): every contact field; a new client's page opens in a new tab. */
export function ContactDrawer({ orgId, open, contactId, initialValues, onClose }: ContactDrawerProps) {
  const { t } = useTranslation('contacts');
  const [form] = Form.useForm<ContactFormValues>();
  const isEdit = Boolean(contactId);
  const contact = useContact(orgId, open ? contactId : null);
  const save = useSaveContact(orgId, isEdit ? t('notices.updated') : t('notices.created'));
  const [avatar, setAvatar] = useState<AvatarChange>({ file: null, remove: false });

  useEffect(() => {
    if (!open) return;
    setAvatar({ file: null, remove: false });
    if (contact.data) form.setFieldsValue(contactToFormValues(contact.data));
    else if (initialValues) form.setFieldsValue(initialValues);
  }, [open, contact.data, initialValues, form]);

  const submit = async (values: ContactFormValues) => {
    try {
      const body = { ...toContactBody(values, contactId ?? undefined), ...(avatar.remove ? { removeAvatar: true } : {}) };
      const saved = await save.mutateAsync({ body, avatar: avatar.file });
      form.resetFields();
      onClose();
      if (!isEdit) openInNewTab(`/${orgId}/contact/detail/${saved.id}`);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <FormDrawer
      title={isEdit ? t('editTitle') : t('createTitle')}
      open={open}
      form={form}
      loading={isEdit && contact.isLoading}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <AvatarField currentUrl={contact.data?.avatarUrl ?? null} value={avatar} onChange={setAvatar} />
      <ContactFormFields orgId={orgId} />
    </FormDrawer>
  );
}
