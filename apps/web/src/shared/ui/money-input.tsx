import { useState } from 'react';
import { Input, type InputProps } from 'antd';
import { moneyPattern, moneyToCents } from '@lodestar/contract';

/**
 * An amount typed in place and saved on blur or Enter, only when it changed and is a valid amount; a new `value`
 * from the server replaces what was typed. Used by the targets page and the performance-target grid.
 */
export function MoneyInput({
  value,
  label,
  onSave,
  ...input
}: { value: string; label: string; onSave: (amount: string) => void } & Pick<InputProps, 'size' | 'prefix' | 'className'>) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const valid = moneyPattern.test(text.trim());
  const commit = () => {
    if (valid && moneyToCents(text.trim()) !== moneyToCents(value)) onSave(text.trim());
  };
  return (
    <Input
      {...input}
      aria-label={label}
      inputMode="decimal"
      value={text}
      status={text && !valid ? 'error' : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
