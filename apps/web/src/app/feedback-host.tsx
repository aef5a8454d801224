import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { provideFeedback } from '../shared/ui/feedback.ts';

/** Toasts open below the app header (one row or two, styles.css), never over its buttons or tabs. */
const toastOffset = 'calc(var(--app-header-height) + 12px)';
/** antd takes only a number for notifications: below the taller (two-row) header, whatever the width. */
const notificationOffset = 120;

function Provide() {
  const app = AntApp.useApp();
  useEffect(() => {
    provideFeedback(app);
    return () => provideFeedback(null);
  }, [app]);
  return null;
}

/**
 * antd's message, notification and modal holders, loaded after the page paints (antd-providers.tsx) and reached through
 * shared/ui/feedback.ts. No wrapper element: the page's text style is the body's (plain.css), the same as antd App's.
 */
export function FeedbackHost() {
  return (
    <AntApp component={false} message={{ top: toastOffset, duration: 2, maxCount: 3 }} notification={{ top: notificationOffset }}>
      <Provide />
    </AntApp>
  );
}
