import { child, href, ns, propKey, propResponse, escapeXml, type XmlElement } from './carddav.xml.ts';

/** The paths of the CardDAV tree: the root is also the address book home, the principal is the app password's member. */
export const paths = { root: '/carddav/', principal: '/carddav/principal/', book: '/carddav/addressbook/' } as const;
export const cardPath = (id: string) => `${paths.book}${id}.vcf`;

export type Resource = { kind: 'root' } | { kind: 'principal' } | { kind: 'book' } | { kind: 'card'; id: string };

/** The resource of a request path or a REPORT's href (absolute URLs too); undefined when there is none. */
export function resourceOf(rawPath: string): Resource | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(rawPath, 'http://host').pathname);
  } catch {
    return undefined;
  }
  const withSlash = path.endsWith('/') ? path : `${path}/`;
  if (withSlash === paths.root) return { kind: 'root' };
  if (withSlash === paths.principal) return { kind: 'principal' };
  if (withSlash === paths.book) return { kind: 'book' };
  const card = /^\/carddav\/addressbook\/([^/]+)\.vcf$/.exec(path);
  return card ? { kind: 'card', id: card[1]! } : undefined;
}

const k = {
  resourcetype: propKey(ns.dav, 'resourcetype'),
  displayname: propKey(ns.dav, 'displayname'),
  currentUserPrincipal: propKey(ns.dav, 'current-user-principal'),
  principalUrl: propKey(ns.dav, 'principal-URL'),
  owner: propKey(ns.dav, 'owner'),
  privileges: propKey(ns.dav, 'current-user-privilege-set'),
  supportedReports: propKey(ns.dav, 'supported-report-set'),
  syncToken: propKey(ns.dav, 'sync-token'),
  getetag: propKey(ns.dav, 'getetag'),
  getcontenttype: propKey(ns.dav, 'getcontenttype'),
  getctag: propKey(ns.cs, 'getctag'),
  homeSet: propKey(ns.card, 'addressbook-home-set'),
  description: propKey(ns.card, 'addressbook-description'),
  addressData: propKey(ns.card, 'address-data'),
  supportedAddressData: propKey(ns.card, 'supported-address-data'),
  maxResourceSize: propKey(ns.card, 'max-resource-size'),
} as const;
export const propKeys = k;

/** What a PROPFIND or REPORT asks for: named properties, or all (allprop, an empty PROPFIND). */
export type Asked = { all: true } | { all: false; keys: string[] };

export function askedOf(container: XmlElement | undefined, fallback: Asked): Asked {
  const prop = child(container, ns.dav, 'prop');
  if (prop) return { all: false, keys: prop.children.map((p) => propKey(p.ns, p.name)) };
  if (child(container, ns.dav, 'allprop') || child(container, ns.dav, 'propname')) return { all: true };
  return fallback;
}

export const wants = (asked: Asked, key: string) => asked.all || asked.keys.includes(key);

/** One resource's answer: the asked properties it has (allprop: all of them but address-data, RFC 6352 §10.4). */
export function answer(path: string, values: Map<string, string>, asked: Asked): string {
  if (asked.all) return propResponse(path, [...values].filter(([key]) => key !== k.addressData), []);
  const found = asked.keys.filter((key) => values.has(key)).map((key): [string, string] => [key, values.get(key)!]);
  return propResponse(path, found, asked.keys.filter((key) => !values.has(key)));
}

const principalLinks = (): [string, string][] => [
  [k.currentUserPrincipal, href(paths.principal)],
  [k.principalUrl, href(paths.principal)],
  [k.homeSet, href(paths.root)],
  [k.owner, href(paths.principal)],
  [k.privileges, '<d:privilege><d:read/></d:privilege><d:privilege><d:read-current-user-privilege-set/></d:privilege>'],
];

export function rootValues(): Map<string, string> {
  return new Map([[k.resourcetype, '<d:collection/>'], [k.displayname, 'Lodestar'], ...principalLinks()]);
}

export function principalValues(username: string): Map<string, string> {
  return new Map([[k.resourcetype, '<d:principal/>'], [k.displayname, escapeXml(username)], ...principalLinks()]);
}

const reports = ['<card:addressbook-multiget/>', '<card:addressbook-query/>', '<d:sync-collection/>'];

/** The address book's properties; the version ones only when given (they cost a query, the token a write). */
export function bookValues(options: { name: string | null; ctag?: string; syncToken?: string }): Map<string, string> {
  const values = new Map([
    [k.resourcetype, '<d:collection/><card:addressbook/>'],
    [k.displayname, escapeXml(options.name ? `Lodestar · ${options.name}` : 'Lodestar')],
    [k.description, escapeXml('Lodestar (read-only)')],
    [k.supportedReports, reports.map((r) => `<d:supported-report><d:report>${r}</d:report></d:supported-report>`).join('')],
    [k.supportedAddressData, '<card:address-data-type content-type="text/vcard" version="3.0"/>'],
    [k.maxResourceSize, '102400'],
    [k.getcontenttype, 'httpd/unix-directory'],
    ...principalLinks(),
  ]);
  if (options.ctag !== undefined) values.set(k.getctag, escapeXml(options.ctag));
  if (options.syncToken !== undefined) values.set(k.syncToken, escapeXml(options.syncToken));
  return values;
}

export const quotedEtag = (etag: string) => `"${etag}"`;

export function cardValues(card: { etag: string; vcard?: string }): Map<string, string> {
  const values = new Map([
    [k.resourcetype, ''],
    [k.getetag, escapeXml(quotedEtag(card.etag))],
    [k.getcontenttype, 'text/vcard; charset=utf-8'],
  ]);
  if (card.vcard !== undefined) values.set(k.addressData, escapeXml(card.vcard));
  return values;
}
