import { useState, type ReactNode } from 'react';
import { Button, Form, type FormInstance } from 'antd';
import { openInNewTab } from '../open-in-new-tab.ts';
import { FormDialog } from './form-dialog.tsx';

export interface QuickCreateDialogProps<Values> {
  title: string;
  moreFieldsLabel: string;
  open: boolean;
  onClose: () => void;
  saving: boolean;
  /** Creates the record and answers its id. */
  create: (values: Values) => Promise<{ id: string }>;
  detailPath: (id: string) => string;
  showErrors: (form: FormInstance<Values>, error: unknown) => void;
  /** The full drawer, opened by "All fields" with what was typed (null: closed). */
  renderDrawer: (initialValues: Partial<Values> | null, close: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * The fast-create dialogs (spec section 2): a few fields, Submit creates and opens the new record's
 * detail page in a new browser tab; "All fields" continues in the 600-wide drawer.
 */
export function QuickCreateDialog<Values>(props: QuickCreateDialogProps<Values>) {
  const { title, moreFieldsLabel, open, onClose, saving, create, detailPath, showErrors, renderDrawer, children } = props;
  const [form] = Form.useForm<Values>();
  const [drawerValues, setDrawerValues] = useState<Partial<Values> | null>(null);
  const submit = async (values: Values) => {
    try {
      const saved = await create(values);
      form.resetFields();
      onClose();
      openInNewTab(detailPath(saved.id));
    } catch (error) {
      showErrors(form, error);
    }
  };
  return (
    <>
      <FormDialog
        title={title}
        open={open}
        form={form}
        saving={saving}
        onSubmit={submit}
        onClose={onClose}
        extraAction={
          <Button
            key="more"
            type="link"
            onClick={() => {
              setDrawerValues(form.getFieldsValue() as Partial<Values>);
              form.resetFields();
              onClose();
            }}
          >
            {moreFieldsLabel}
          </Button>
        }
      >
        {children}
      </FormDialog>
      {renderDrawer(drawerValues, () => setDrawerValues(null))}
    </>
  );
}
