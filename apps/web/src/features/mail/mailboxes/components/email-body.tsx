import { useMemo, useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Email } from '@lodestar/contract';

/**
 * The markup to show: the server already sanitized it (DOMPurify at ingestion: no script, handler, javascript: URL,
 * form or frame). Until the viewer asks, remote images lose their address (kept in data-blocked-src) and inline
 * styles that load a URL are dropped, so no tracking pixel reports an open. DOMParser's document is inert: parsing
 * loads nothing.
 */
export function displayHtml(html: string, remote: boolean): { html: string; blocked: number } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let blocked = 0;
  if (!remote) {
    for (const image of doc.querySelectorAll('img[src]')) {
      const src = image.getAttribute('src') ?? '';
      if (!/^https?:/i.test(src)) continue;
      image.removeAttribute('src');
      image.setAttribute('data-blocked-src', src);
      blocked += 1;
    }
    for (const element of doc.querySelectorAll('[style]')) {
      if (/url\s*\(/i.test(element.getAttribute('style') ?? '')) {
        element.removeAttribute('style');
        blocked += 1;
      }
    }
  }
  return { html: doc.body.innerHTML, blocked };
}

/** An e-mail's body: its sanitized HTML (remote images on request), else its text; a private one names its owner. */
export function EmailBody({ email }: { email: Email }) {
  const { t } = useTranslation('mailboxes');
  const [remote, setRemote] = useState(false);
  const shown = useMemo(() => (email.html ? displayHtml(email.html, remote) : null), [email.html, remote]);
  if (email.html === null && email.text === null) return <Typography.Text type="secondary">{t('mail.privateBody', { name: email.ownerName })}</Typography.Text>;
  if (!shown) return <pre className="record-mail__text">{email.text}</pre>;
  return (
    <div>
      {shown.blocked > 0 ? (
        <Typography.Paragraph type="secondary" className="record-mail__blocked">
          {t('mail.imagesBlocked')}{' '}
          <Button size="small" onClick={() => setRemote(true)}>
            {t('mail.showImages')}
          </Button>
        </Typography.Paragraph>
      ) : null}
      {/* Sanitized on the server (mailboxes.html.ts); contained here so its styles cannot cover the page. */}
      <div className="record-mail__html" dangerouslySetInnerHTML={{ __html: shown.html }} />
    </div>
  );
}
