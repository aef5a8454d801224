import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * E-mail HTML made safe once, at ingestion, with DOMPurify on a jsdom window (loaded on first use). What survives is
 * markup and inline style: no script, event handler, javascript: URL, form, frame, object, base or meta refresh.
 * Remote images stay as written: the web holds them back until the viewer asks (features/mail/mailboxes
 * email-body.tsx, docs/product.md "E-mail").
 */
let purifier: DOMPurify | undefined;

function purify(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    // CSS that runs code in old engines (expression(), behaviors, javascript: URLs) loses its whole style.
    purifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'style' && /javascript:|vbscript:|expression\s*\(|behavior\s*:|-moz-binding|@import/i.test(data.attrValue)) data.keepAttr = false;
    });
    // Links open outside the frame, and never tell the site where they came from.
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return purifier;
}

/** At most this much HTML is kept per message (the text part stays whole up to its own cap). */
export const maxHtmlChars = 500_000;

export function sanitizeEmailHtml(html: string): string {
  const clean = purify().sanitize(html.slice(0, maxHtmlChars * 2), {
    WHOLE_DOCUMENT: false,
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'frameset', 'object', 'embed', 'link', 'meta', 'base', 'svg', 'math', 'template'],
    FORBID_ATTR: ['srcset', 'action', 'formaction', 'background', 'ping'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|cid:|#)/i,
  });
  return clean.slice(0, maxHtmlChars);
}
