import { cloneElement, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd';

type Dropdown = typeof import('antd/es/dropdown/dropdown.js').default;
type TriggerProps = { ref?: Ref<HTMLElement>; onClick?: (event: MouseEvent) => void; onFocus?: (event: FocusEvent) => void; onPointerEnter?: (event: MouseEvent) => void };

let loaded: Dropdown | null = null;
let loading: Promise<Dropdown> | null = null;
// antd's Dropdown itself: its index attaches Dropdown.Button, which brings Space.
const loadDropdown = () => (loading ??= import('antd/es/dropdown/dropdown.js').then((module) => (loaded = module.default)));

/**
 * antd's Dropdown (with its Menu: rc-menu, motion and trigger code) fetched when the pointer first reaches its trigger
 * or it gets focus, and put around the trigger on the first click, rather than loaded with the page
 * (scripts/check-initial-bundle.ts): the trigger paints at once, unchanged, and the first click opens the menu (once
 * the code is in, if it was still loading). Wrapping the trigger replaces its element, so this happens only after a
 * click, never between a press and its release (that click would be lost), and focus moves to the new element.
 * `children`: one element taking a ref and these events (antd's Button). Click-triggered menus only.
 */
export function LazyDropdown({ children, ...props }: Omit<DropdownProps, 'children' | 'open' | 'onOpenChange'> & { children: ReactElement<TriggerProps> }) {
  const [Loaded, setLoaded] = useState<Dropdown | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
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
      void loadDropdown();
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      void loadDropdown();
    },
    onClick: (event: MouseEvent) => {
      own.onClick?.(event);
      if (props.disabled) return;
      hadFocus.current = document.activeElement === trigger.current;
      setOpen(true);
      void loadDropdown().then((component) => setLoaded(() => component));
    },
  });
}
