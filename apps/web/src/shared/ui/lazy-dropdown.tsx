import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd';
import { importOnce, withHandlers } from './lazy-trigger.ts';

type Dropdown = typeof import('antd/es/dropdown/dropdown.js').default;

// antd's Dropdown itself: its index attaches Dropdown.Button, which brings Space.
const dropdown = importOnce(() => import('antd/es/dropdown/dropdown.js').then((module): Dropdown => module.default));

/**
 * antd's Dropdown (with its Menu: rc-menu, motion and trigger code) fetched when the pointer first reaches its trigger
 * or it gets focus, and put around the trigger on the first click, rather than loaded with the page
 * (scripts/check-initial-bundle.ts): the trigger paints at once, unchanged, and the first click opens the menu (once
 * the code is in, if it was still loading). Wrapping the trigger replaces its element, so this happens only after a
 * click, never between a press and its release (that click would be lost), and focus moves to the new element.
 * `children`: one element taking a ref and these events (antd's Button). Click-triggered menus only.
 */
export function LazyDropdown({ children, ...props }: Omit<DropdownProps, 'children' | 'open' | 'onOpenChange'> & { children: ReactElement<{ ref?: Ref<HTMLElement> }> }) {
  const [Loaded, setLoaded] = useState<Dropdown | null>(dropdown.current);
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
  return withHandlers(children, trigger, {
    onPointerEnter: () => void dropdown.load(),
    onFocus: () => void dropdown.load(),
    onClick: () => {
      if (props.disabled) return;
      hadFocus.current = document.activeElement === trigger.current;
      setOpen(true);
      void dropdown.load().then((component) => setLoaded(() => component));
    },
  });
}
