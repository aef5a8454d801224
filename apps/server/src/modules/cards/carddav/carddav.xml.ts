import { SaxesParser } from 'saxes';

/**
 * The little XML CardDAV needs (RFC 4918 §14, RFC 6352 §10, RFC 6578 §6): requests are read into a namespace-aware
 * tree (saxes: no DTD processing, so no entity expansion), answers are written as text with fixed prefixes.
 */
export const ns = { dav: 'DAV:', card: 'urn:ietf:params:xml:ns:carddav', cs: 'http://calendarserver.org/ns/' } as const;
const prefixOf: Record<string, string> = { [ns.dav]: 'd', [ns.card]: 'card', [ns.cs]: 'cs' };

export interface XmlElement {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** The request body's root element; undefined for an empty body; throws BadXml when it is not well-formed. */
export function parseXml(body: string): XmlElement | undefined {
  if (body.trim() === '') return undefined;
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.local] = attribute.value;
    const element: XmlElement = { ns: tag.uri, name: tag.local, attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(body).close();
  if (failure || !root) throw new BadXml();
  return root;
}

export class BadXml extends Error {
  constructor() {
    super('The request body is not well-formed XML');
  }
}

export const child = (element: XmlElement | undefined, namespace: string, name: string) => element?.children.find((c) => c.ns === namespace && c.name === name);
export const childrenOf = (element: XmlElement | undefined, namespace: string, name: string) => element?.children.filter((c) => c.ns === namespace && c.name === name) ?? [];

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A property's key: its namespace and name. */
export const propKey = (namespace: string, name: string) => `${namespace} ${name}`;

/** `<prefix:name>inner</prefix:name>`, with a declared prefix for a namespace this server does not know. */
export function element(namespace: string, name: string, inner = ''): string {
  const prefix = prefixOf[namespace];
  const open = prefix ? `${prefix}:${name}` : `x:${name} xmlns:x="${escapeXml(namespace)}"`;
  const close = prefix ? `${prefix}:${name}` : `x:${name}`;
  return inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

export const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`;

/** One resource of a multistatus: the properties found (key → inner XML) and the ones asked for that it lacks. */
export function propResponse(path: string, found: [string, string][], missing: string[]): string {
  const prop = (keys: [string, string][]) =>
    keys.map(([key, inner]) => {
      const [namespace = '', name = ''] = key.split(' ');
      return element(namespace, name, inner);
    });
  const stats = [];
  if (found.length > 0) stats.push(`<d:propstat><d:prop>${prop(found).join('')}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>`);
  if (missing.length > 0) stats.push(`<d:propstat><d:prop>${prop(missing.map((key) => [key, ''])).join('')}</d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>`);
  return `<d:response>${href(path)}${stats.join('')}</d:response>`;
}

/** A resource that is not (or no longer) there: a multiget's unknown card, a sync's removed one. */
export const goneResponse = (path: string) => `<d:response>${href(path)}<d:status>HTTP/1.1 404 Not Found</d:status></d:response>`;

export function multistatus(responses: string[], extra = ''): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:card="${ns.card}" xmlns:cs="${ns.cs}">${responses.join('')}${extra}</d:multistatus>`;
}

/** A DAV:error body (a failed precondition such as DAV:valid-sync-token). */
export function davError(condition: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:card="${ns.card}">${condition}</d:error>`;
}
