import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../api-client.ts';

export interface SaveHandlers {
  /** Closes the dialog (and resets its form). */
  onSuccess: () => void;
  /** Shows the server's field errors under their fields. */
  onError: (error: unknown) => void;
}

export interface EditDialogProps<Values> {
  open: boolean;
  title: string;
  /** The form's name: it prefixes the fields' ids. */
  name: string;
  /** What the form shows each time it opens: the record's values, or a new one's. */
  values: Values;
  saving: boolean;
  onClose: () => void;
  /** Saves; the handlers close on success and put a refusal's field errors under their fields. */
  onSave: (values: Values, handlers: SaveHandlers) => void;
  children: ReactNode;
}

/**
 * A create-or-edit dialog of one vertical form with Cancel and Save (roles, privileges, departments, webhooks): the
 * values are set as it opens, closing resets them, and the server's field errors land under their fields.
 */
export function EditDialog<Values extends object>({ open, title, name, values, saving, onClose, onSave, children }: EditDialogProps<Values>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<Values>();
  // The values apply when the dialog opens, not on every render (the caller builds a new object each time).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) form.setFieldsValue(values as never);
    wasOpen.current = open;
  }, [open, values, form]);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const handlers: SaveHandlers = { onSuccess: close, onError: (error) => form.setFields(fieldErrorsOf(error) as never) };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} name={name} layout="vertical" requiredMark={false} onFinish={(submitted) => onSave(submitted, handlers)}>
        {children}
      </Form>
    </Modal>
  );
}
