import { useId, type ReactNode } from 'react';
import { Button, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps<Values> {
  title: string;
  open: boolean;
  form: FormInstance<Values>;
  saving: boolean;
  onSubmit: (values: Values) => void | Promise<void>;
  onClose: () => void;
  /** A button left of Cancel (e.g. the quick dialogs' "All fields"). */
  extraAction?: ReactNode;
  initialValues?: Partial<Values>;
  children: ReactNode;
}

/** A small dialog holding one vertical form, with Cancel and Submit; closing resets the form. */
export function FormDialog<Values>({ title, open, form, saving, onSubmit, onClose, extraAction, initialValues, children }: FormDialogProps<Values>) {
  const { t } = useTranslation('common');
  // A unique form name prefixes field ids, so labels stay tied to their inputs when several dialogs exist.
  const formName = `dialog${useId().replace(/[^a-zA-Z0-9_]/g, '')}`;
  const close = () => {
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      destroyOnHidden
      forceRender
      footer={[
        extraAction ?? null,
        <Button key="cancel" onClick={close}>
          {t('actions.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={saving} onClick={() => form.submit()}>
          {t('actions.submit')}
        </Button>,
      ]}
    >
      <Form form={form} name={formName} layout="vertical" onFinish={onSubmit} initialValues={initialValues} aria-label={title}>
        {children}
      </Form>
    </Modal>
  );
}
