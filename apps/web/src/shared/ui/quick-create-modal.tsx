import type { ReactNode } from 'react';
import { Button, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

interface QuickCreateModalProps<Values> {
  title: string;
  open: boolean;
  form: FormInstance<Values>;
  saving: boolean;
  /** The "All fields" link: continue in the full drawer with what was typed. */
  moreLabel: string;
  onMore: (values: Partial<Values>) => void;
  onSubmit: (values: Values) => void | Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The quick create dialogs of the fast-create menu (client, company, deal): a few fields, Submit, and
 * "All fields" that hands what was typed to the 600-wide drawer. Closing resets the form.
 */
export function QuickCreateModal<Values>({ title, open, form, saving, moreLabel, onMore, onSubmit, onClose, children }: QuickCreateModalProps<Values>) {
  const { t } = useTranslation('common');
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
      footer={[
        <Button
          key="more"
          type="link"
          onClick={() => {
            onMore(form.getFieldsValue() as Partial<Values>);
            close();
          }}
        >
          {moreLabel}
        </Button>,
        <Button key="cancel" onClick={close}>
          {t('actions.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={saving} onClick={() => form.submit()}>
          {t('actions.submit')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} aria-label={title}>
        {children}
      </Form>
    </Modal>
  );
}
