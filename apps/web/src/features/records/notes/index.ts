// Notes are what users write on a record; the timeline is the automatic log of what happened to it
// (written by the server). Both show as the tabs of RecordActivity on every detail page.
export { RecordActivity } from './components/record-activity.tsx';
export { useInvalidateRecordHistory } from './notes.api.ts';
