import { child, childrenOf, ns, type XmlElement } from './carddav.xml.ts';

/**
 * addressbook-query's filter (RFC 6352 §10.5), the part clients use: prop-filters on a property's presence or text
 * (equals, contains, starts-with, ends-with; negate-condition), combined by anyof/allof, compared case-insensitively
 * (i;unicode-casemap). param-filters are not evaluated: a card passes them.
 */
export function matchesFilter(vcard: string, filter: XmlElement | undefined): boolean {
  const propFilters = childrenOf(filter, ns.card, 'prop-filter');
  if (propFilters.length === 0) return true;
  const properties = propertiesOf(vcard);
  const results = propFilters.map((propFilter) => matchesProp(properties.get((propFilter.attributes.name ?? '').toUpperCase()) ?? [], propFilter));
  return filter?.attributes.test === 'allof' ? results.every(Boolean) : results.some(Boolean);
}

function matchesProp(values: string[], propFilter: XmlElement): boolean {
  if (child(propFilter, ns.card, 'is-not-defined')) return values.length === 0;
  const textMatches = childrenOf(propFilter, ns.card, 'text-match');
  if (textMatches.length === 0) return values.length > 0;
  const results = textMatches.map((textMatch) => {
    const needle = textMatch.text.toLowerCase();
    const type = textMatch.attributes['match-type'] ?? 'contains';
    const hit = values.some((value) => {
      const v = value.toLowerCase();
      if (type === 'equals') return v === needle;
      if (type === 'starts-with') return v.startsWith(needle);
      if (type === 'ends-with') return v.endsWith(needle);
      return v.includes(needle);
    });
    return textMatch.attributes['negate-condition'] === 'yes' ? !hit : hit;
  });
  return propFilter.attributes.test === 'allof' ? results.every(Boolean) : results.some(Boolean);
}

/** Property name → its values, unfolded and unescaped enough for text matching. */
function propertiesOf(vcard: string): Map<string, string[]> {
  const properties = new Map<string, string[]>();
  for (const line of vcard.replace(/\r\n[ \t]/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    const value = line.slice(colon + 1).replace(/\\([\\;,])/g, '$1').replace(/\\n/gi, '\n');
    properties.set(name, [...(properties.get(name) ?? []), value]);
  }
  return properties;
}
