// Notes are what users write on a record; the timeline is the automatic log of what happened to it
// (written by the server). Both show as the tabs of RecordActivity on every detail page.
export { RecordActivity } from './components/record-activity.tsx';
export { useInvalidateRecordHistory } from './notes.api.ts';
// The record pages' figures and sections around a contact, company or deal (issue 30).
export { RecordFigures, RecordSections } from './components/record-story.tsx';
export { useRecordSummary } from './notes.api.ts';
