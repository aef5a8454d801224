/** Logging a visit or a call in three taps (docs/product.md#log-activity): the button other pages show. */
export { LogActivityButton } from './components/log-activity-button.tsx';
