/**
 * Where antd renders a popup (ConfigProvider's `getPopupContainer`, app/antd-providers.tsx, so every header popup
 * follows it — search, avatar menu, fast create, language): one opened from the sticky app header inside it, so it stays
 * under its trigger while the page scrolls. In the body (antd's default) it scrolled away with the page until the
 * scroll event realigned it, so a click aimed at an item in between landed on whatever was there before — the search
 * result and avatar menu clicks that did nothing in CI (Playwright scrolls an item into view before clicking it).
 * Elsewhere — a trigger outside the header, or a modal's or drawer's own container, asked with no trigger — it is the
 * body, antd's default. Only the header: a drawer's panel paints over a popup appended inside it (tried, broke the
 * booking and calendar journeys).
 */
export function headerPopupContainer(trigger?: HTMLElement): HTMLElement {
  return trigger?.closest<HTMLElement>('.app-header') ?? document.body;
}
