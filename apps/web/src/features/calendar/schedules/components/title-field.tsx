import { useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { debounceMs, type ScheduleSuggestion } from '@lodestar/contract';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { useScheduleSuggestions } from '../schedules.api.ts';

interface TitleFieldProps {
  orgId: string;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** A suggestion was picked: the drawer copies its time, place, category, colour, client and company. */
  onSuggestion: (suggestion: ScheduleSuggestion) => void;
}

/**
 * The title with suggestions of earlier schedules (docs/product.md#validation, #limits): asked 2000 ms after typing stops and
 * only from 2 characters; the list stays closed when nothing matches.
 */
export function TitleField({ orgId, id, value = '', onChange, onSuggestion }: TitleFieldProps) {
  const [isTyping, setIsTyping] = useState(false);
  const debounced = useDebouncedValue(value, debounceMs.scheduleSuggestion);
  const suggestions = useScheduleSuggestions(orgId, isTyping ? debounced : '');
  const tasks = debounced.trim().length >= 2 ? (suggestions.data?.tasks ?? []) : [];
  // One option per title (the newest first, as the server orders them): the option's value is what the input shows.
  const byTitle = new Map<string, ScheduleSuggestion>();
  for (const task of tasks) if (!byTitle.has(task.title)) byTitle.set(task.title, task);
  const options = [...byTitle.keys()].map((title) => ({ value: title, label: title }));
  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      open={isTyping && options.length > 0}
      onChange={(next) => {
        setIsTyping(true);
        onChange?.(next);
      }}
      onSelect={(title: string) => {
        const picked = byTitle.get(title);
        setIsTyping(false);
        if (picked) onSuggestion(picked);
      }}
      onBlur={() => setIsTyping(false)}
    >
      <Input maxLength={200} />
    </AutoComplete>
  );
}
