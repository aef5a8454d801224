import type { Note, RecordEntityType } from '@lodestar/contract';

/** What a detail page gives its notes and timeline tabs. */
export interface RecordActivityProps {
  orgId: string;
  entityType: RecordEntityType;
  entityId: string;
  canWrite: boolean;
  /** Field names in the timeline ("changed phones, tags") in the record's own words. */
  fieldLabel: (field: string) => string;
  /** A stored value in the record's own words (a deal's stage id → the stage's name). */
  valueLabel?: (field: string, value: unknown) => string;
  /** From the detail page's view call (the timeline is paged: its own calls). */
  initialNotes?: Note[];
}
