export { QuotesCard } from './components/quotes-card.tsx';
export { quoteSettingsRoutes } from './routes.tsx';
export { downloadQuotesCsv, useDealQuotes } from './quotes.api.ts';
