export { QuotesCard } from './components/quotes-card.tsx';
