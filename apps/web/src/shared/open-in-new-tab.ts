/** docs/product.md#screens: after a client or company is created, its detail page opens in a new browser tab. */
export function openInNewTab(path: string): void {
  window.open(path, '_blank', 'noopener');
}
