import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { configureApiClient, type Notify } from '../api-client.ts';
import { currentLanguage } from '../i18n.ts';
import styles from './plain-toasts.module.css';

/**
 * The API client's messages on the plain sign-in pages (no antd there, app/router.tsx): a success fades after a moment,
 * a failure stays until closed. On every other page antd's notifications take over (app/antd-providers.tsx).
 */
interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismiss(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export const plainNotify: Notify = (kind, text) => {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, kind, text }];
  emit();
  if (kind === 'success') setTimeout(() => dismiss(id), 3000);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function PlainToasts() {
  const { t } = useTranslation('common');
  const list = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  useEffect(() => {
    // Once, at the root: antd's bridge replaces `notify` while an antd page is shown and gives it back when it leaves.
    configureApiClient({
      notify: plainNotify,
      language: () => currentLanguage(),
      texts: () => ({ saved: t('notifications.saved'), failed: t('notifications.failed') }),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={styles.stack}>
      {list.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${toast.kind === 'error' ? styles.error : styles.success}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className={styles.icon} aria-hidden="true">
            {toast.kind === 'error' ? '!' : '✓'}
          </span>
          <div className={styles.body}>
            {toast.kind === 'error' ? <strong className={styles.title}>{t('notifications.error')}</strong> : null}
            <span>{toast.text}</span>
          </div>
          <button type="button" className={styles.close} aria-label={t('actions.close')} onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
