import { useState, type ComponentType, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface PickedRecord {
  id: string;
  name: string;
}

interface PickerFieldProps {
  value?: PickedRecord | null;
  onChange?: (value: PickedRecord | null) => void;
  id?: string;
  placeholder: string;
  clearLabel: string;
  /** The picker dialog, given whether it is open, how to pick and how to close. */
  renderPicker: (open: boolean, pick: (record: PickedRecord) => void, close: () => void) => ReactNode;
}

/** A form control: the chosen record's name on a button that opens a picker dialog, and a clear button. */
export function PickerField({ value, onChange, id, placeholder, clearLabel, renderPicker }: PickerFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact block>
        <Button id={id} className="picker-field" onClick={() => setOpen(true)} block>
          <span className={value ? '' : 'picker-field__placeholder'}>{value ? value.name : placeholder}</span>
        </Button>
        {value ? <Button icon={<CloseOutlined aria-hidden="true" />} aria-label={clearLabel} onClick={() => onChange?.(null)} /> : null}
      </Space.Compact>
      {renderPicker(open, (record) => onChange?.(record), () => setOpen(false))}
    </>
  );
}

export interface RecordPickerFieldProps {
  orgId: string;
  value?: PickedRecord | null;
  onChange?: (value: PickedRecord | null) => void;
  id?: string;
}

interface PickerDialogComponentProps<Row> {
  orgId: string;
  open: boolean;
  onPick: (row: Row) => void;
  onClose: () => void;
}

/**
 * A form control over a feature's picker dialog (contacts, companies, deals): its texts come from the
 * feature's namespace (`picker.title`, `picker.clear`), the picked row becomes {id, name}.
 */
export function recordPickerField<Row>(namespace: string, Picker: ComponentType<PickerDialogComponentProps<Row>>, toRecord: (row: Row) => PickedRecord) {
  return function RecordPickerField({ orgId, value, onChange, id }: RecordPickerFieldProps) {
    const { t } = useTranslation(namespace);
    return (
      <PickerField
        id={id}
        value={value}
        onChange={onChange}
        placeholder={t('picker.title')}
        clearLabel={t('picker.clear')}
        renderPicker={(open, pick, close) => <Picker orgId={orgId} open={open} onPick={(row) => pick(toRecord(row))} onClose={close} />}
      />
    );
  };
}
