/** Optional form text for the API: trimmed, and empty → null so an edit can clear it. */
export function textOrNull(value: string | undefined): string | null {
  return value && value.trim() ? value.trim() : null;
}

/**
 * A phone number as a `tel:` link's target: digits and "+" only (a dialler rejects "0912-345-678 ext. 2"'s words).
 * The business card's renderer (shared/business-card) writes the same rule inline: importing it from here would make
 * a chunk shared with the public card page, one more request on the contact list's first load.
 */
export function telHref(value: string): string {
  return `tel:${value.replace(/[^0-9+]/g, '')}`;
}
