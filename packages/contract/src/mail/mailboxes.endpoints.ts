import { z } from 'zod';
import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import { mailTemplateBodySchema, mailTemplateRenderedSchema, mailTemplateRenderQuerySchema, mailTemplateSchema } from './mail-templates.ts';
import {
  emailAttachmentParamsSchema,
  saveAttachmentBodySchema,
  savedAttachmentSchema,
  savedAttachmentsQuerySchema,
  emailDealOptionSchema,
  emailDealParamsSchema,
  emailSearchAnswerSchema,
  emailSearchQuerySchema,
  emailListQuerySchema,
  emailPrivacyBodySchema,
  emailItemSchema,
  emailSendBodySchema,
  emailThreadsSchema,
  mailAuthorizeQuerySchema,
  mailAuthorizeSchema,
  mailCallbackQuerySchema,
  mailProviderOptionSchema,
  oauthMailProviderParamsSchema,
  mailboxConnectBodySchema,
  mailboxSchema,
  mailboxServerSchema,
  mailboxTestSchema,
  mailboxUpdateBodySchema,
} from './mailboxes.ts';

/** The member's own mailboxes (Account → Mailboxes) and the stored e-mail of a contact or company. */
export const mailboxesEndpoints = endpoints('mailboxes', {
  list: { method: 'GET', path: '/mailboxes', access: 'member', response: z.array(mailboxSchema) },
  providers: { method: 'GET', path: '/mailboxes/providers', access: 'member', response: z.array(mailProviderOptionSchema) },
  /** Gmail / Outlook: the provider's consent page (authorization code + PKCE); the state is signed and names the member. */
  authorize: { method: 'GET', path: '/mailboxes/oauth/:provider/authorize', access: 'member', params: oauthMailProviderParamsSchema, query: mailAuthorizeQuerySchema, response: mailAuthorizeSchema },
  /** The provider sends the browser here: no Bearer header, the signed state names the member; answers a 303 redirect. */
  callback: { method: 'GET', path: '/mailboxes/oauth/:provider/callback', access: 'public', params: oauthMailProviderParamsSchema, query: mailCallbackQuerySchema, response: 'raw', rawAnswer: { status: 303, description: 'Back to the mailboxes page, with the outcome.' } },
  /** Tries IMAP and SMTP with these settings and answers each side in plain words; stores nothing. */
  test: { method: 'POST', path: '/mailboxes/test', access: 'member', body: mailboxServerSchema, response: mailboxTestSchema },
  connect: { method: 'POST', path: '/mailboxes', access: 'member', body: mailboxConnectBodySchema, response: mailboxSchema },
  update: { method: 'PUT', path: '/mailboxes/:id', access: 'member', params: idParamsSchema, body: mailboxUpdateBodySchema, response: mailboxSchema },
  syncNow: { method: 'POST', path: '/mailboxes/:id/sync', access: 'member', params: idParamsSchema, response: mailboxSchema },
  remove: { method: 'DELETE', path: '/mailboxes/:id', access: 'member', params: idParamsSchema, response: z.null() },
  threads: { method: 'GET', path: '/emails', access: 'member', query: emailListQuerySchema, response: emailThreadsSchema },
  setPrivate: { method: 'PUT', path: '/emails/:id/private', access: 'member', params: idParamsSchema, body: emailPrivacyBodySchema, response: emailItemSchema },
  send: { method: 'POST', path: '/emails', access: 'member', body: emailSendBodySchema, response: emailItemSchema },
  /** Subjects and bodies of the e-mail the viewer may read (another member's private e-mail never). */
  search: { method: 'GET', path: '/emails/search', access: 'member', query: emailSearchQuerySchema, response: emailSearchAnswerSchema },
  dealOptions: { method: 'GET', path: '/emails/:id/deals', access: 'member', params: idParamsSchema, response: z.array(emailDealOptionSchema) },
  linkDeal: { method: 'PUT', path: '/emails/:id/deals/:dealId', access: 'member', params: emailDealParamsSchema, response: emailItemSchema },
  unlinkDeal: { method: 'DELETE', path: '/emails/:id/deals/:dealId', access: 'member', params: emailDealParamsSchema, response: emailItemSchema },
  /** One attachment, fetched from the mailbox's provider now and streamed (never stored). */
  attachment: { method: 'GET', path: '/emails/:id/attachments/:index', access: 'member', params: emailAttachmentParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The attachment, as a download (Content-Disposition: attachment).', mediaTypes: ['application/octet-stream'] } },
  /** Keeps a copy of one attachment as a file of a record the e-mail is on (once per attachment; the plan's storage counts it). */
  saveAttachment: { method: 'POST', path: '/emails/:id/attachments/:index/save', access: 'member', params: emailAttachmentParamsSchema, body: saveAttachmentBodySchema, response: savedAttachmentSchema },
  /** The attachments kept on a contact, company or deal, newest first. */
  savedAttachments: { method: 'GET', path: '/emails/saved-attachments', access: 'member', query: savedAttachmentsQuerySchema, response: z.array(savedAttachmentSchema) },
  /** A kept attachment's bytes, as a download, for whoever sees its record. */
  savedAttachmentFile: { method: 'GET', path: '/emails/saved-attachments/:id', access: 'member', params: idParamsSchema, response: 'raw', rawAnswer: { status: 200, description: 'The kept file, as a download (Content-Disposition: attachment).', mediaTypes: ['application/octet-stream'] } },
  /** Mail templates: the workspace's, each edited by its author only. */
  templates: { method: 'GET', path: '/mailboxes/templates', access: 'member', response: z.array(mailTemplateSchema) },
  createTemplate: { method: 'POST', path: '/mailboxes/templates', access: 'member', body: mailTemplateBodySchema, response: mailTemplateSchema },
  updateTemplate: { method: 'PUT', path: '/mailboxes/templates/:id', access: 'member', params: idParamsSchema, body: mailTemplateBodySchema, response: mailTemplateSchema },
  removeTemplate: { method: 'DELETE', path: '/mailboxes/templates/:id', access: 'member', params: idParamsSchema, response: z.null() },
  /** The template filled from a contact or company the viewer may see (and the viewer's own name). */
  renderTemplate: { method: 'GET', path: '/mailboxes/templates/:id/render', access: 'member', params: idParamsSchema, query: mailTemplateRenderQuerySchema, response: mailTemplateRenderedSchema },
});
