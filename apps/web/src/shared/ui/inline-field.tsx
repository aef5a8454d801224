import { cloneElement, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Button, Form, Input, type FormRule } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client.ts';

export interface InlineFieldProps<V> {
  /** The field's name as the form labels it (also names the edit button and the input). */
  label: string;
  /** What the field shows when not editing. */
  children: ReactNode;
  /** The value the editor starts with. */
  value: V | undefined;
  /** The form's own rules for this field (the same helpers and contract schemas as the drawer). */
  rules?: FormRule[];
  /** The editing control (default: a one-line text input); Form.Item passes it value and onChange. */
  input?: ReactElement<Record<string, unknown>>;
  /** A multi-line control: Enter adds a line there, Ctrl/⌘+Enter saves. */
  multiline?: boolean;
  /** Without it the field only shows its value. */
  canEdit: boolean;
  /**
   * Saves the value. The caller updates its cached record at once (optimistic) and rolls it back on error; a
   * rejection opens the editor again with the server's message under the field.
   */
  onSave: (value: V | undefined) => Promise<unknown>;
  testId?: string;
}

/**
 * A detail field edited in place (contact, company and deal pages): a click on the value, the edit button, or
 * Enter/F2 on it opens the editor; Enter saves, Esc cancels. The editor validates with the form's rules, so the
 * messages are the form's.
 */
export function InlineField<V>({ label, children, value, rules, input, multiline = false, canEdit, onSave, testId }: InlineFieldProps<V>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ value: V | undefined }>();
  const trigger = useRef<HTMLButtonElement>(null);
  if (!canEdit) return <div data-testid={testId}>{children}</div>;

  const open = (initial: V | undefined = value, error?: string) => {
    setEditing(true);
    // After the form mounts with its initial value: an error from the server lands under the field.
    queueMicrotask(() => {
      form.setFieldsValue({ value: initial });
      if (error) form.setFields([{ name: 'value' as never, errors: [error] }]);
    });
  };
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => trigger.current?.focus());
  };
  const save = async () => {
    let next: V | undefined;
    try {
      ({ value: next } = await form.validateFields());
    } catch {
      return; // the form's message shows under the field
    }
    close();
    if (next === value) return;
    onSave(next).catch((error: unknown) => open(next, error instanceof ApiError ? error.message : undefined));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter' && (!multiline || event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  if (!editing) {
    return (
      <div
        className="inline-field"
        data-testid={testId}
        // The value (not its links) opens the editor on a click; the button is the keyboard and screen-reader way in.
        onClick={(event) => {
          if (!(event.target as HTMLElement).closest('a')) open();
        }}
      >
        <span className="inline-field__value">{children}</span>
        <Button
          ref={trigger}
          type="text"
          size="small"
          className="inline-field__edit"
          icon={<EditOutlined aria-hidden="true" />}
          aria-label={t('inline.edit', { field: label })}
          title={t('inline.hint')}
          onKeyDown={(event) => {
            if (event.key === 'F2') {
              event.preventDefault();
              open();
            }
          }}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
        />
      </div>
    );
  }
  const control = input ?? <Input maxLength={10_000} />;
  return (
    <Form form={form} className="inline-field inline-field--editing" data-testid={testId} onKeyDown={onKeyDown} initialValues={{ value }} onFinish={() => void save()}>
      <Form.Item name="value" rules={rules} className="inline-field__item" validateTrigger={['onChange', 'onBlur']}>
        {cloneElement(control, { 'aria-label': label, autoFocus: true })}
      </Form.Item>
      <Button type="text" size="small" className="inline-field__action" icon={<CheckOutlined aria-hidden="true" />} aria-label={t('actions.save')} onClick={() => void save()} />
      <Button type="text" size="small" className="inline-field__action" icon={<CloseOutlined aria-hidden="true" />} aria-label={t('actions.cancel')} onClick={close} />
    </Form>
  );
}

/** Multi-line text: the note field. */
export const inlineTextArea: ReactElement<Record<string, unknown>> = <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={10_000} />;
