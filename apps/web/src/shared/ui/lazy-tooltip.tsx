import { cloneElement, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from 'antd';
import { importOnce, withHandlers } from './lazy-trigger.ts';

type Tooltip = typeof import('antd/es/tooltip/index.js').default;

const tooltip = importOnce(() => import('antd/es/tooltip/index.js').then((module): Tooltip => module.default));

/**
 * antd's Tooltip (with rc-trigger's positioning code) loaded when the pointer first reaches its element or it gets
 * focus, rather than with the page (scripts/check-initial-bundle.ts); it then opens as if it had been there. Wrapping
 * replaces the element, so that waits while it is pressed (a click must not be lost) and focus moves to the new one.
 * `children`: one element taking a ref and these events (antd's Button, a Link, an icon). Hover tooltips only.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<{ ref?: Ref<HTMLElement> }> }) {
  const [Loaded, setLoaded] = useState<Tooltip | null>(tooltip.current);
  const [openFirst, setOpenFirst] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const state = useRef({ over: false, focused: false, pressed: false });
  useEffect(() => {
    if (Loaded && state.current.focused) trigger.current?.focus();
  }, [Loaded]);

  if (Loaded) {
    return (
      <Loaded {...props} defaultOpen={openFirst}>
        {cloneElement(children, { ref: trigger })}
      </Loaded>
    );
  }
  const swap = () => {
    const loaded = tooltip.current();
    if (state.current.pressed || !loaded) return;
    setOpenFirst(state.current.over);
    setLoaded(() => loaded);
  };
  const want = () => void tooltip.load().then(swap);
  const seen = state.current;
  return withHandlers(children, trigger, {
    onPointerEnter: () => {
      seen.over = true;
      want();
    },
    onPointerLeave: () => void (seen.over = false),
    onPointerDown: () => void (seen.pressed = true),
    onFocus: () => {
      seen.focused = true;
      want();
    },
    onBlur: () => void (seen.focused = false),
    onClick: () => {
      seen.pressed = false;
      swap();
    },
  });
}
