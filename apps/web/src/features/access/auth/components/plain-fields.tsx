import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './auth-form.module.css';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  /** Help under the input (the password rules), read with it by screen readers. */
  hint?: ReactNode;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
}

/** A labelled input with its error and help below, drawn like antd's vertical Form.Item (the sign-in pages have no antd). */
export function TextField(props: FieldProps & { children?: ReactNode; password?: { visible: boolean } }) {
  const id = useId();
  const describedBy = [props.error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      <div className={`${styles.control} ${props.error ? styles.invalid : ''}`}>
        <input
          id={id}
          ref={props.inputRef}
          name={props.name}
          className={styles.input}
          type={props.password ? (props.password.visible ? 'text' : 'password') : (props.type ?? 'text')}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
          autoFocus={props.autoFocus}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        />
        {props.children}
      </div>
      {props.error ? (
        <div id={`${id}-error`} className={styles.error} role="alert">
          {props.error}
        </div>
      ) : null}
      {props.hint ? (
        <div id={`${id}-hint`} className={styles.hint}>
          {props.hint}
        </div>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle (antd's Input.Password). */
export function PasswordField(props: FieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextField {...props} password={{ visible }}>
      <button type="button" className={styles.reveal} aria-label={t('fields.showPassword')} aria-pressed={visible} onClick={() => setVisible(!visible)}>
        <svg viewBox="64 64 896 896" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
          {visible ? (
            <path d="M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z" />
          ) : (
            <path d="M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z" />
          )}
        </svg>
      </button>
    </TextField>
  );
}

/** The form's main button, full width and large (antd's `type="primary" block size="large"`), busy while its call runs. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="plain-button plain-button--primary plain-button--large plain-button--block" aria-busy={loading || undefined} disabled={loading}>
      {loading ? <span className={styles.busy} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A secondary action drawn as a link (antd's `type="link"` Button). */
export function LinkButton({ onClick, loading, children }: { onClick: () => void; loading?: boolean; children: ReactNode }) {
  return (
    <button type="button" className="plain-button plain-button--link" onClick={onClick} aria-busy={loading || undefined} disabled={loading}>
      {children}
    </button>
  );
}
