import { cloneElement, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from 'antd';

type Tooltip = typeof import('antd/es/tooltip/index.js').default;
type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onClick?: (event: MouseEvent) => void;
};

let loaded: Tooltip | null = null;
let loading: Promise<Tooltip> | null = null;
const loadTooltip = () => (loading ??= import('antd/es/tooltip/index.js').then((module) => (loaded = module.default)));

/**
 * antd's Tooltip (with rc-trigger's positioning code) loaded when the pointer first reaches its element or it gets
 * focus, rather than with the page (scripts/check-initial-bundle.ts); it then opens as if it had been there. Wrapping
 * replaces the element, so that waits while it is pressed (a click must not be lost) and focus moves to the new one.
 * `children`: one element taking a ref and these events (antd's Button, a Link, an icon). Hover tooltips only.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<TriggerProps> }) {
  const [Loaded, setLoaded] = useState<Tooltip | null>(() => loaded);
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
    if (state.current.pressed || !loaded) return;
    setOpenFirst(state.current.over);
    setLoaded(() => loaded);
  };
  const want = () => void loadTooltip().then(swap);
  const own = children.props;
  return cloneElement(children, {
    ref: trigger,
    onPointerEnter: (event: PointerEvent) => {
      own.onPointerEnter?.(event);
      state.current.over = true;
      want();
    },
    onPointerLeave: (event: PointerEvent) => {
      own.onPointerLeave?.(event);
      state.current.over = false;
    },
    onPointerDown: (event: PointerEvent) => {
      own.onPointerDown?.(event);
      state.current.pressed = true;
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      state.current.focused = true;
      want();
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      state.current.focused = false;
    },
    onClick: (event: MouseEvent) => {
      own.onClick?.(event);
      state.current.pressed = false;
      swap();
    },
  });
}
