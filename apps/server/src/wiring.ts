import { registerPlanGate } from './modules/access/organizations/plan-gate.ts';
import { billingPlanGate } from './modules/billing/plan-limits.ts';
import { onWorkspaceCreated } from './modules/access/organizations/workspace-created.ts';
import { offerGuide } from './modules/access/first-run-guide/first-run-guide.service.ts';
import * as dealsService from './modules/deals/deals/deals.service.ts';
import { seedDefaultStages } from './modules/deals/sales-stages/sales-stages.service.ts';
import { seedDefaultLostReasons } from './modules/deals/lost-reasons/lost-reasons.service.ts';
import { registerStageUsage } from './modules/deals/sales-stages/stage-usage.ts';
import { scheduleHistoryTarget, scheduleNoteTarget } from './modules/calendar/schedules/schedules.sources.ts';
import { dealHistoryTarget, dealNoteTarget, dealSearchSource, dealTrashSource } from './modules/deals/deals/deals.sources.ts';
import { registerHistoryTarget } from './modules/records/history/history.service.ts';
import { contactHistoryTarget } from './modules/records/contacts/contacts.history.ts';
import { companyHistoryTarget } from './modules/records/companies/companies.history.ts';
import * as companiesService from './modules/records/companies/companies.service.ts';
import * as contactsService from './modules/records/contacts/contacts.service.ts';
import { registerNoteTarget } from './modules/records/notes/notes.service.ts';
import { registerSearchSource } from './modules/records/search/search.service.ts';
import { registerTaggedRecords } from './modules/records/tags/tags.service.ts';
import { registerTrashSource } from './modules/records/trash/trash.service.ts';
import { registerSummarySection, registerTimelineRelation } from './modules/records/record-summary/record-summary.service.ts';
import { contactsSummarySection } from './modules/records/contacts/contacts.summary.ts';
import { dealsSummarySection, dealsTimelineRelation } from './modules/deals/deals/deals.summary.ts';
import { quotesSummarySection } from './modules/deals/quotes/quotes.summary.ts';
import { salesInvoicesSummarySection } from './modules/deals/sales-invoices/sales-invoices.summary.ts';
import { lastContactAfterWrite, schedulesSummarySection, schedulesTimelineRelation } from './modules/calendar/schedules/schedules.summary.ts';
import { bookingsSummarySection } from './modules/booking/reservations/reservations.summary.ts';
import { cardExchangesSummarySection } from './modules/cards/cards/cards.summary.ts';
import { importsSummarySection } from './modules/imports/imports/imports.summary.ts';
import { companiesOfImport } from './modules/imports/imports/imports.service.ts';
import { registerImportCompanies } from './modules/records/companies/company-enrichment.service.ts';
import { lineSummarySection } from './modules/channels/line/line.contacts.ts';
import { queueReservationNotice, quoteLinePushes } from './modules/channels/line/line.pushes.ts';
import { registerRichMenuCards } from './modules/channels/line/line.rich-menu.ts';
import { publicCardLinks } from './modules/cards/cards/cards.public.ts';
import { registerReservationNotifier } from './modules/booking/reservations/reservations.notices.ts';
import { registerQuoteLine } from './modules/deals/quotes/quotes.channels.ts';
import { mailSummarySection, mailTimelineRelation } from './modules/mail/mailboxes/mailboxes.summary.ts';
import { referenceMover, registerMergeMover } from './modules/records/merges/merge-movers.ts';
import { notesMergeReference } from './modules/records/notes/notes.merge.ts';
import { contactsMergeReference } from './modules/records/contacts/contacts.merge.ts';
import { timelineMergeReference } from './modules/access/timeline/timeline.merge.ts';
import { dealsMergeReference } from './modules/deals/deals/deals.merge.ts';
import { schedulesMergeReference } from './modules/calendar/schedules/schedules.merge.ts';
import { reservationsMergeReference } from './modules/booking/reservations/reservations.merge.ts';
import { lineBindCodesMergeReference, lineFriendsMergeReference } from './modules/channels/line/line.merge.ts';
import { cardLeadsMergeReference } from './modules/cards/cards/cards.merge.ts';

import * as businessesService from './modules/booking/businesses/businesses.service.ts';
import { reservationsCalendarSource } from './modules/booking/reservations/reservations.calendar.ts';
import * as reservationsService from './modules/booking/reservations/reservations.service.ts';
import * as calendarSyncService from './modules/calendar/calendar-sync/calendar-sync.service.ts';
import * as schedulesService from './modules/calendar/schedules/schedules.service.ts';
import * as automationService from './modules/calendar/automation/automation.service.ts';
import { emailLinksMergeMover, savedAttachmentsMergeReference } from './modules/mail/mailboxes/mailboxes.merge.ts';
import { searchSource as emailSearchSource } from './modules/mail/mailboxes/mailboxes.search.ts';

/**
 * The composition root's registrations: where a higher context plugs into a lower one's registry or
 * listener (a deal into the trash, reservations into the calendar feed, …) so that the lower one never
 * imports the higher one. Called by buildApp before the routes; every registration is keyed, so calling
 * it again (tests build many apps) replaces rather than duplicates.
 */
export function wireContexts(): void {
  // Each context adds its registrations here, grouped by the context that provides them.

  // billing → access: seats bought and the storage quota (docs/decisions/0010).
  registerPlanGate(billingPlanGate);
  // deals: deals keep sales stages and stage types in use (settings refuse to delete them).
  registerStageUsage('deals', { inStage: dealsService.hasDealsInStage, ofType: dealsService.hasDealsOfType });

  // records: contacts and companies carry tags, notes, go to the trash and are searched. Registered rather
  // than imported so that tags, notes, trash and search stay below the record modules (no cycle).
  registerTaggedRecords('customer', contactsService.taggedRecords);
  registerTaggedRecords('company', companiesService.taggedRecords);
  registerNoteTarget('contact', { assertAccessible: contactsService.assertAccessible });
  registerNoteTarget('company', { assertAccessible: companiesService.assertAccessible });
  registerTrashSource('contact', contactsService.trashSource);
  registerTrashSource('company', companiesService.trashSource);
  registerSearchSource('contact', contactsService.search);
  registerSearchSource('company', companiesService.search);

  // deals: notes on deals, deleted deals in the trash, deals in the global search.
  registerNoteTarget('deal', dealNoteTarget);
  registerTrashSource('deal', dealTrashSource);
  registerSearchSource('deal', dealSearchSource);
  // mail: e-mail in the global search, after the records, newest first (mailboxes.search.ts).
  registerSearchSource('email', emailSearchSource, 'asGiven');

  // Merging contacts or companies (records/merges): each module that holds rows pointing at them moves its own rows to
  // the survivor, and back on undo, in the merge's transaction. The names are kept in each merge record.
  registerMergeMover('notes', referenceMover(notesMergeReference));
  registerMergeMover('timeline', referenceMover(timelineMergeReference));
  registerMergeMover('contacts.company', referenceMover(contactsMergeReference));
  registerMergeMover('deals', referenceMover(dealsMergeReference));
  registerMergeMover('schedules', referenceMover(schedulesMergeReference));
  registerMergeMover('reservations', referenceMover(reservationsMergeReference));
  registerMergeMover('line.friends', referenceMover(lineFriendsMergeReference));
  registerMergeMover('line.bindCodes', referenceMover(lineBindCodesMergeReference));
  registerMergeMover('cards.leads', referenceMover(cardLeadsMergeReference));
  registerMergeMover('mail.emailLinks', emailLinksMergeMover);
  registerMergeMover('mail.savedAttachments', referenceMover(savedAttachmentsMergeReference));

  // calendar: notes on schedules.
  registerNoteTarget('schedule', scheduleNoteTarget);

  // records/history: who may see each kind's field history, and its ordinary edit for "restore this value".
  registerHistoryTarget('contact', contactHistoryTarget);
  registerHistoryTarget('company', companyHistoryTarget);
  registerHistoryTarget('deal', dealHistoryTarget);
  registerHistoryTarget('schedule', scheduleHistoryTarget);

  // records/companies: the registry enrichment offered on an import's done page fills that import's companies.
  registerImportCompanies(companiesOfImport);

  // Record pages (issue 30): sections around a contact, company or deal, and the records whose timeline entries
  // join its timeline (its deals' stage moves, its schedules).
  registerSummarySection('records.contacts', contactsSummarySection);
  registerSummarySection('deals', dealsSummarySection);
  registerSummarySection('deals.quotes', quotesSummarySection);
  registerSummarySection('deals.salesInvoices', salesInvoicesSummarySection);
  registerSummarySection('calendar.schedules', schedulesSummarySection);
  // … a contact's bookings, its business-card exchanges, and the imports that created or changed the record.
  registerSummarySection('booking.reservations', bookingsSummarySection);
  registerSummarySection('cards.exchanges', cardExchangesSummarySection);
  registerSummarySection('imports', importsSummarySection);
  registerTimelineRelation('deals', dealsTimelineRelation);
  registerTimelineRelation('calendar.schedules', schedulesTimelineRelation);
  // channels: a contact's LINE conversation (its messages are on the contact's own timeline already).
  registerSummarySection('channels.line', lineSummarySection);
  // mail: a contact's or company's e-mail (replied / awaiting reply) and its messages on the timeline.
  registerSummarySection('mail.mailboxes', mailSummarySection);
  registerTimelineRelation('mail.mailboxes', mailTimelineRelation);

  // deals: a new workspace gets the default sales stages, so its first deal can be saved at once.
  onWorkspaceCreated('deals.salesStages', (tx, workspace) => seedDefaultStages(tx, workspace.orgId, workspace.language));
  // deals: and the default lost reasons (price, competitor, timing…), in the creator's language.
  onWorkspaceCreated('deals.lostReasons', (tx, workspace) => seedDefaultLostReasons(tx, workspace.orgId, workspace.language));
  // access: the creator gets the first-run guide (docs/product.md "First-run guide").
  onWorkspaceCreated('access.firstRunGuide', (tx, workspace) => offerGuide(tx, workspace.orgId, workspace.creatorUserId));

  // ---- calendar ----
  // Calendar sync queues a push to the owner's Google/Outlook accounts after every schedule write.
  schedulesService.onScheduleWrite('calendar-sync', (db, change) =>
    calendarSyncService.scheduleChanged(db, change.orgId, change.ownerUserId, change.scheduleIds),
  );
  // A completed schedule with a contact moves the contact's last contact time forward (the one rule, docs/product.md).
  schedulesService.onScheduleWrite('records.lastContact', lastContactAfterWrite);
  // Automation (settings/automation): a deal closed won gets its owner's follow-up, in the closing transaction.
  dealsService.onDealWon('calendar.automation', automationService.followUpWonDeal);

  // ---- booking ----
  // Reservations show in the calendar feed (read-only events).
  schedulesService.registerCalendarSource(reservationsCalendarSource);
  // A changed concurrentBooking resizes the future seats, in the business save's transaction.
  businessesService.onCapacityChange('reservations', reservationsService.setFutureCapacity);
  // channels → booking: a reservation's notices go by LINE to the contact's linked friend (else by mail).
  registerReservationNotifier('channels.line', queueReservationNotice);

  // ---- deals ----
  // A quote goes by LINE to the deal contact's friend (channels); its mailbox sender is registered in app.ts, beside
  // the mailbox routes, since the mail clients must stay out of what an import thread loads through this file.
  registerQuoteLine(quoteLinePushes);
  // LINE's rich menu links to a member's public business card (cards sits above channels).
  registerRichMenuCards(publicCardLinks);
}
