import { createContext, useContext, type ComponentType } from 'react';
import type { AdvanceFilter, ImportKind, SummaryEntityType } from '@lodestar/contract';
import type { PickedRecord } from './ui/picker-field.tsx';

/** What a new schedule starts linked to: the client (contact), company and deal of the page it is made from. */
export interface ScheduleLinks {
  client?: PickedRecord | null;
  company?: PickedRecord | null;
  deal?: PickedRecord | null;
}

/**
 * Places where a higher context adds to a lower one's screen without the lower one importing it: the
 * contact, company and deal pages (records, deals) show the calendar's "Add schedule"; the contact, company and
 * deal lists and the calendar's toolbar show import and export. The app root
 * (apps/web/src/app/providers.tsx) fills them; an empty point renders nothing.
 */
export interface ExtensionPoints {
  AddScheduleButton?: ComponentType<{ orgId: string; preset: ScheduleLinks }>;
  /** The calendar's "Log activity" (a completed schedule now) on the contact and company pages. */
  LogActivityButton?: ComponentType<{ orgId: string; preset: ScheduleLinks }>;
  /** Import and export on the contact, company and deal lists (imports): the ticked rows and the list's current filter. */
  RecordListTools?: ComponentType<RecordListToolsProps>;
  /** A contact's conversation on a messaging channel (channels: LINE), shown when the record summary has one. */
  RecordConversation?: ComponentType<{ orgId: string; entityType: SummaryEntityType; entityId: string }>;
  /** A contact's, company's or deal's e-mail (mail: threads, replied / awaiting reply, send, files, deal links), shown when the summary has one. */
  RecordMail?: ComponentType<{ orgId: string; entityType: SummaryEntityType; entityId: string }>;
  /** A contact's PDPA requests (imports: record one, answer it, the due dates), on the contact page. */
  ContactPdpa?: ComponentType<{ orgId: string; contactId: string }>;
}

export interface RecordListToolsProps {
  kind: ImportKind;
  orgId: string;
  selected?: string[];
  /** The contact and company lists' advanced filter. */
  filter?: AdvanceFilter;
  /** The deal list's query parameters (keywords, drill-down); the calendar's visible dates (from, to) and filter. */
  listQuery?: Record<string, string>;
}

const ExtensionPointsContext = createContext<ExtensionPoints>({});
export const ExtensionPointsProvider = ExtensionPointsContext.Provider;

export function useExtensionPoints(): ExtensionPoints {
  return useContext(ExtensionPointsContext);
}
