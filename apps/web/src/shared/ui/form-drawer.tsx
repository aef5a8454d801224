import { useId, type ReactNode } from 'react';
import { Button, Drawer, Form, Space, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadingState } from './query-state.tsx';

export interface FormDrawerProps<Values> {
  title: string;
  open: boolean;
  /** docs/product.md#screens: right-side drawers are 500, 600 or 300 wide. */
  size?: 300 | 500 | 600;
  form: FormInstance<Values>;
  loading?: boolean;
  saving: boolean;
  onSubmit: (values: Values) => void | Promise<void>;
  onClose: () => void;
  /** Field changes (e.g. linked fields that follow each other). */
  onValuesChange?: FormProps<Values>['onValuesChange'];
  /** Buttons before Cancel in the footer (e.g. Delete). */
  footerStart?: ReactNode;
  /** Shown but not editable (no Submit): e.g. a colleague's record one may only view. */
  readOnly?: boolean;
  /** Below the form, outside it (e.g. notes, which have their own form). */
  after?: ReactNode;
  children: ReactNode;
}

/** A right-side drawer holding one vertical form, with Cancel and Submit in its footer. */
export function FormDrawer<Values>({ title, open, size = 600, form, loading, saving, onSubmit, onClose, onValuesChange, footerStart, readOnly, after, children }: FormDrawerProps<Values>) {
  const { t } = useTranslation('common');
  // A unique form name prefixes field ids, so labels stay tied to their inputs.
  const formName = `drawer${useId().replace(/[^a-zA-Z0-9_]/g, '')}`;
  return (
    <Drawer
      title={title}
      size={size}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="drawer-footer">
          {footerStart}
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          {readOnly ? null : (
            <Button type="primary" loading={saving} onClick={() => form.submit()}>
              {t('actions.submit')}
            </Button>
          )}
        </Space>
      }
    >
      {loading ? (
        <LoadingState />
      ) : (
        <>
          <Form form={form} name={formName} layout="vertical" onFinish={onSubmit} onValuesChange={onValuesChange} disabled={readOnly} scrollToFirstError aria-label={title}>
            {children}
          </Form>
          {after}
        </>
      )}
    </Drawer>
  );
}
