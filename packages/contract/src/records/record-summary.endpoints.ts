import { endpoints } from '../platform/endpoint.ts';
import { recordSummaryQuerySchema, recordSummarySchema, timelinePageQuerySchema, timelinePageSchema } from './record-summary.ts';

/**
 * What the contact, company and deal pages show around the record (issue 30): the figures and sections in one
 * call, and the merged timeline page by page (keyset cursor). The record decides visibility (404 when not seen);
 * each section holds only what the viewer may see.
 */
export const recordSummaryEndpoints = endpoints('notes', {
  summary: { method: 'GET', path: '/record/summary', access: 'member', query: recordSummaryQuerySchema, response: recordSummarySchema },
  timelinePage: { method: 'GET', path: '/timeline/page', access: 'member', query: timelinePageQuerySchema, response: timelinePageSchema },
});
