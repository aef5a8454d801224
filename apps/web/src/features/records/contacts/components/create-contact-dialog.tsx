import { useTranslation } from 'react-i18next';
import { DynamicFieldInputs } from '../../custom-fields/index.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { QuickCreateDialog } from '../../../../shared/ui/quick-create-dialog.tsx';
import { useCreateContact } from '../contacts.api.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ContactNameFields, ContactPhoneRows, toContactBody, type ContactFormValues } from './contact-form.tsx';

/** The quick "create client" dialog of the fast-create menu: first name, last name, phone with type. */
export function CreateContactDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const save = useCreateContact(orgId, t('notices.created'));
  return (
    <QuickCreateDialog<ContactFormValues>
      title={t('quickCreateTitle')}
      moreFieldsLabel={t('moreFields')}
      open={open}
      onClose={onClose}
      saving={save.isPending}
      create={(values) => save.mutateAsync(toContactBody(values))}
      detailPath={(id) => `/${orgId}/contact/detail/${id}`}
      showErrors={showServerFieldErrors}
      renderDrawer={(values, close) => <ContactDrawer orgId={orgId} open={values !== null} initialValues={values ?? undefined} onClose={close} />}
    >
      <ContactNameFields />
      <ContactPhoneRows />
      <DynamicFieldInputs orgId={orgId} entity="contact" requiredOnly />
    </QuickCreateDialog>
  );
}
