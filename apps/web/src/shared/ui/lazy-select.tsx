import type { ComponentType, ReactNode } from 'react';
import type { SelectProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { lazyComponent } from './lazy-dialog.tsx';

interface Option {
  value?: unknown;
  label?: ReactNode;
  options?: Option[];
}

/** The label of `value` among options and option groups. */
function labelOf(options: readonly Option[] | undefined, value: unknown): ReactNode | undefined {
  for (const option of options ?? []) {
    const found = option.options ? labelOf(option.options, value) : option.value === value ? option.label : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A closed select as antd draws it (styles.css `.lazy-select`): its value's label or the placeholder, and the arrow. */
function SelectPlaceholder({ className, value, options, placeholder }: SelectProps) {
  const label = value === undefined || value === null ? undefined : labelOf(options as Option[] | undefined, value);
  return (
    <span className={className ? `lazy-select ${className}` : 'lazy-select'} aria-hidden="true">
      <span className={label === undefined ? 'lazy-select__text lazy-select__text--placeholder' : 'lazy-select__text'}>{label ?? placeholder}</span>
      <DownOutlined className="lazy-select__arrow" />
    </span>
  );
}

/**
 * antd's Select loaded after the page has painted (lazyComponent): a list's filters show their closed look meanwhile,
 * the same size, so nothing moves. It brought rc-select, its option list and trigger code into the start pages' first
 * load (scripts/check-initial-bundle.ts). For controls a page can do without for a moment, not for forms.
 */
export const LazySelect = lazyComponent<SelectProps>(() => import('antd/es/select/index.js').then((m) => m.default as ComponentType<SelectProps>), SelectPlaceholder);
