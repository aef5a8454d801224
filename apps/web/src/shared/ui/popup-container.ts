/**
 * Where a popup opened from the sticky app header renders (antd's `getPopupContainer`): inside the header, so it stays
 * under its trigger while the page scrolls. In the body (antd's default) it scrolled away with the page until the
 * scroll event realigned it, so a click aimed at an item in between landed on whatever was there before — the search
 * result and avatar menu clicks that did nothing in CI (Playwright scrolls an item into view before clicking it).
 * Elsewhere (a trigger outside the header) it is the body, as before.
 */
export function headerPopupContainer(trigger: HTMLElement): HTMLElement {
  return trigger.closest<HTMLElement>('.app-header') ?? document.body;
}
