import { cloneElement, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd';

type Dropdown = typeof import('antd/es/dropdown/dropdown.js').default;
type TriggerProps = { ref?: Ref<HTMLElement>; onClick?: (event: MouseEvent) => void; onFocus?: (event: FocusEvent) => void; onPointerEnter?: (event: MouseEvent) => void };

let loaded: Dropdown | null = null;
let loading: Promise<Dropdown> | null = null;
// antd's Dropdown itself: its index attaches Dropdown.Button, which brings Space.
const loadDropdown = () => (loading ??= import('antd/es/dropdown/dropdown.js').then((module) => (loaded = module.default)));

/**
 * antd's Dropdown (with its Menu: rc-menu, motion and trigger code) loaded when the pointer first reaches its trigger,
 * or it gets focus or a click, rather than with the page (scripts/check-initial-bundle.ts): the trigger paints at
 * once, unchanged. A click made while the code loads opens the menu when it arrives, and the trigger keeps focus when
 * it is wrapped. `children`: one element taking a ref and these events (antd's Button, a plain button).
 */
export function LazyDropdown({ children, ...props }: Omit<DropdownProps, 'children' | 'open' | 'onOpenChange'> & { children: ReactElement<TriggerProps> }) {
  const [Loaded, setLoaded] = useState<Dropdown | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  const load = () => {
    void loadDropdown().then((component) => {
      hadFocus.current = document.activeElement === trigger.current;
      setLoaded(() => component);
    });
  };
  useEffect(() => {
    if (Loaded && hadFocus.current) trigger.current?.focus();
  }, [Loaded]);

  if (Loaded) {
    return (
      <Loaded {...props} open={open} onOpenChange={setOpen}>
        {cloneElement(children, { ref: trigger })}
      </Loaded>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    ref: trigger,
    onPointerEnter: (event: MouseEvent) => {
      own.onPointerEnter?.(event);
      load();
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      load();
    },
    onClick: (event: MouseEvent) => {
      own.onClick?.(event);
      if (!props.disabled) setOpen(true);
      load();
    },
  });
}
