import { useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import { CloseOutlined } from '@ant-design/icons';

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
