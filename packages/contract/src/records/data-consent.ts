import { z } from 'zod';
import { dateOnlySchema } from '../platform/common.ts';

/*
 * Taiwan's Personal Data Protection Act (個資法), on the contact: where its data came from, when, and for what purpose
 * (article 8's notice), and whether the person asked to stop processing. Requests: imports/pdpa.ts.
 */

/** How we got the person's data. Filled by the path that creates the contact; editable on the contact. */
export const dataSources = ['manual', 'businessCard', 'bookingPage', 'import', 'line', 'api', 'other'] as const;
export type DataSource = (typeof dataSources)[number];
/** For what purpose (特定目的) the data is collected. */
export const dataPurposes = ['sales', 'service', 'booking', 'marketing', 'other'] as const;
export type DataPurpose = (typeof dataPurposes)[number];

/** A contact's source and consent, as saved (all optional: unknown for contacts made before it existed). */
export const dataConsentSaveShape = {
  dataSource: z.enum(dataSources).nullable().optional(),
  /** When the data was obtained (a calendar date). */
  dataObtainedOn: dateOnlySchema.nullable().optional(),
  dataPurpose: z.enum(dataPurposes).nullable().optional(),
  /** Free text: what the person agreed to, where the signed form is. */
  consentNote: z.string().trim().max(500).nullable().optional(),
};
export const dataConsentShape = {
  dataSource: z.enum(dataSources).nullable(),
  dataObtainedOn: z.string().nullable(),
  dataPurpose: z.enum(dataPurposes).nullable(),
  consentNote: z.string().nullable(),
  /** Stop processing (a person's request): kept, but out of lists, search and sends until lifted. */
  restricted: z.boolean(),
};

