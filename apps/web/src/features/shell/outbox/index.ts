/** The header's offline outbox indicator and list (docs/product.md#offline-outbox). */
export { OutboxIndicator } from './outbox-indicator.tsx';
