import { useState } from 'react';
import { Input, type InputProps } from 'antd';
import { moneyPattern, moneyToCents } from '@lodestar/contract';

/**
 * An amount typed in place and saved on blur or Enter, only when it changed and is a valid amount; a new `value`
 * from the server replaces what was typed. Used by the targets page and the performance-target grid. With
 * `clearable`, emptying a filled cell saves '' (a department target removed, its members' sum applying again).
 */
export function MoneyInput({
  value,
  label,
  onSave,
  clearable = false,
  ...input
}: { value: string; label: string; onSave: (amount: string) => void; clearable?: boolean } & Pick<InputProps, 'size' | 'prefix' | 'className' | 'placeholder'>) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const cleared = clearable && text.trim() === '';
  const valid = cleared || moneyPattern.test(text.trim());
  const commit = () => {
    if (cleared) {
      if (value !== '') onSave('');
    } else if (valid && (value === '' || moneyToCents(text.trim()) !== moneyToCents(value))) onSave(text.trim());
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
