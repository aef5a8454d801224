/**
 * What Lodestar sends as LINE messages besides text (issue 32): images and files in a conversation, and a segment
 * message's image, business card or booking link. LINE's rules (Messaging API reference, "Message objects"), checked
 * here so the web says so before sending, the server before calling LINE, and the double refuses the same:
 * - text: at most 5 000 characters;
 * - image: `originalContentUrl` and `previewImageUrl` HTTPS, at most 2 000 characters, JPEG or PNG, the original at
 *   most 10 MB and the preview at most 1 MB — Lodestar sends one file of at most 1 MB as both (the browser shrinks a
 *   camera photo first);
 * - a buttons template: `altText` at most 400, `title` at most 40, `text` at most 160 (60 with a title or an image),
 *   1–4 actions, an action's `label` at most 20, a URI action's `uri` at most 1 000 characters;
 * - a bot cannot send a file message: anything that is not an image goes as a text with a link to it.
 */
export const lineMessageLimits = {
  textMax: 5000,
  urlMax: 2000,
  imageMaxBytes: 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png'] as readonly string[],
  altTextMax: 400,
  titleMax: 40,
  templateTextMax: 160,
  templateTextWithTitleMax: 60,
  actionsMax: 4,
  actionLabelMax: 20,
  uriMax: 1000,
  messagesPerCall: 5,
} as const;

/** Days a signed public link to a stored file stays valid (LINE fetches an image when a friend opens it). */
export const lineMediaLinkDays = 30;

/** LINE takes only HTTPS media URLs; a loopback host is allowed for local stand-ins of LINE (tests and journeys). */
export function lineMediaUrlAllowed(url: string): boolean {
  if (url.length > lineMessageLimits.urlMax) return false;
  if (url.startsWith('https://')) return true;
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url);
}

/** An upload LINE can show as an image message (else it goes as a link). */
export function lineSendsAsImage(file: { mimeType: string; bytes: number }): boolean {
  return lineMessageLimits.imageTypes.includes(file.mimeType) && file.bytes <= lineMessageLimits.imageMaxBytes;
}

export interface LineButtonsTemplate {
  type: 'template';
  altText: string;
  template: {
    type: 'buttons';
    thumbnailImageUrl?: string;
    title?: string;
    text: string;
    actions: { type: 'uri'; label: string; uri: string }[];
  };
}

/** Cuts to n characters (code points), so a surrogate pair is never split. */
export function clipChars(text: string, n: number): string {
  const chars = [...text];
  return chars.length <= n ? text : `${chars.slice(0, n - 1).join('')}…`;
}

/**
 * A buttons template with one link (a business card, the booking page): the title and text clipped to LINE's
 * limits, the text never empty (LINE requires it).
 */
export function lineLinkTemplate(input: { title: string; text: string; label: string; uri: string; thumbnailUrl?: string | null }): LineButtonsTemplate {
  const l = lineMessageLimits;
  const title = clipChars(input.title.trim(), l.titleMax);
  const text = clipChars(input.text.trim() || input.uri, title ? l.templateTextWithTitleMax : l.templateTextMax);
  return {
    type: 'template',
    altText: clipChars(`${title}\n${input.text.trim()}\n${input.uri}`.trim(), l.altTextMax),
    template: {
      type: 'buttons',
      ...(input.thumbnailUrl ? { thumbnailImageUrl: input.thumbnailUrl } : {}),
      ...(title ? { title } : {}),
      text,
      actions: [{ type: 'uri', label: clipChars(input.label, l.actionLabelMax), uri: input.uri }],
    },
  };
}

/** Which of LINE's rules a buttons template breaks (empty: LINE takes it); the double answers 400 for the same. */
export function lineTemplateProblems(message: LineButtonsTemplate): string[] {
  const l = lineMessageLimits;
  const t = message.template;
  const len = (s: string | undefined) => [...(s ?? '')].length;
  const problems: string[] = [];
  if (len(message.altText) < 1 || len(message.altText) > l.altTextMax) problems.push('altText');
  if (t.title !== undefined && (len(t.title) < 1 || len(t.title) > l.titleMax)) problems.push('template.title');
  const textMax = t.title || t.thumbnailImageUrl ? l.templateTextWithTitleMax : l.templateTextMax;
  if (len(t.text) < 1 || len(t.text) > textMax) problems.push('template.text');
  if (t.thumbnailImageUrl !== undefined && !lineMediaUrlAllowed(t.thumbnailImageUrl)) problems.push('template.thumbnailImageUrl');
  if (t.actions.length < 1 || t.actions.length > l.actionsMax) problems.push('template.actions');
  t.actions.forEach((a, i) => {
    if (len(a.label) < 1 || len(a.label) > l.actionLabelMax) problems.push(`template.actions[${i}].label`);
    if (a.uri.length > l.uriMax || !/^(https?:|tel:|line:)/.test(a.uri)) problems.push(`template.actions[${i}].uri`);
  });
  return problems;
}
