import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

let api: AppApi | null = null;
const waiting: ((api: AppApi) => void)[] = [];

/**
 * antd's message, notification and modal holders (app/feedback-host.tsx) load after the page has painted, not with it:
 * they bring rc-notification, rc-dialog and the Modal with its Skeleton (scripts/check-initial-bundle.ts). Calls made
 * before they are in wait for them, in order. The host calls this when it mounts (and with null when it unmounts).
 */
export function provideFeedback(next: AppApi | null): void {
  api = next;
  if (next) for (const call of waiting.splice(0)) call(next);
}

const later =
  <A extends unknown[]>(method: (api: AppApi) => (...args: A) => unknown) =>
  (...args: A): void => {
    if (api) void method(api)(...args);
    else waiting.push((ready) => void method(ready)(...args));
  };

/** antd's `App.useApp()` methods, themed and localized by the antd shell; they show once its holders are in. */
export const feedback = {
  message: {
    success: later((a) => a.message.success),
    info: later((a) => a.message.info),
    warning: later((a) => a.message.warning),
    destroy: later((a) => a.message.destroy),
  },
  notification: { error: later((a) => a.notification.error) },
  modal: { confirm: later((a) => a.modal.confirm) },
};
