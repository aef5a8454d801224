export { RecordActivity } from './components/record-activity.tsx';
export { useInvalidateRecordHistory } from './notes.api.ts';
