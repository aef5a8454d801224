import { useState, type ReactNode } from 'react';
import { Button, Form, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { openInNewTab } from '../open-in-new-tab.ts';
import { FormDialog } from './form-dialog.tsx';

export interface QuickCreateDialogProps<Values> {
  title: string;
  moreFieldsLabel: string;
  open: boolean;
  onClose: () => void;
  saving: boolean;
  /** Creates the record and answers its id; null when it was kept in the offline outbox (nothing to open yet). */
  create: (values: Values) => Promise<{ id: string } | null>;
  detailPath: (id: string) => string;
  /** Where the new record opens: a new browser tab (contacts, companies; docs/product.md#screens) or this one. */
  openIn?: 'newTab' | 'sameTab';
  /** The caller's own form instance, when its fields need it (e.g. to preset values). */
  form?: FormInstance<Values>;
  showErrors: (form: FormInstance<Values>, error: unknown) => void;
  /** The full drawer, opened by "All fields" with what was typed (null: closed). */
  renderDrawer: (initialValues: Partial<Values> | null, close: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * The fast-create dialogs (docs/product.md#screens: client, company, deal): a few fields, Submit creates and opens
 * the new record's detail page; "All fields" continues in the 600-wide drawer with what was typed.
 */
export function QuickCreateDialog<Values>(props: QuickCreateDialogProps<Values>) {
  const { title, moreFieldsLabel, open, onClose, saving, create, detailPath, openIn = 'newTab', showErrors, renderDrawer, children } = props;
  const [form] = Form.useForm<Values>(props.form);
  const navigate = useNavigate();
  const [drawerValues, setDrawerValues] = useState<Partial<Values> | null>(null);
  const submit = async (values: Values) => {
    try {
      const saved = await create(values);
      form.resetFields();
      onClose();
      if (!saved) return;
      if (openIn === 'newTab') openInNewTab(detailPath(saved.id));
      else navigate(detailPath(saved.id));
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
