/** Optional form text for the API: trimmed, and empty → null so an edit can clear it. */
export function textOrNull(value: string | undefined): string | null {
  return value && value.trim() ? value.trim() : null;
}
