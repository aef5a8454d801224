/** A record's field history with "restore this value": the History tab of contact, company, deal and schedule pages. */
export { HistoryPanel } from './components/history-panel.tsx';
