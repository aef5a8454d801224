import { fillTemplate, fullName, type MailTemplate, type MailTemplateBody, type MailTemplateRendered } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as companiesService from '../../records/companies/companies.service.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailTemplateRow } from './mailboxes.repository.ts';

/** Mail templates: every member of the workspace uses them; only the author changes or deletes one (others get 404). */
function toTemplate(row: MailTemplateRow, actor: Actor): MailTemplate {
  return {
    id: row.id, name: row.name, locale: row.locale, subject: row.subject, body: row.body,
    authorName: fullName(row.authorFirstName, row.authorLastName),
    mine: row.userId === actor.userId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function found(db: Db, actor: Actor, id: string): Promise<MailTemplateRow> {
  const row = await mailboxesRepository.findTemplate(db, actor.orgId, id);
  if (!row) throw new AppError('MAIL_TEMPLATE_NOT_FOUND');
  return row;
}

/** Whether the workspace has this template (a workflow's e-mail step names one). */
export async function templateExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await mailboxesRepository.findTemplate(db, orgId, id)) !== undefined;
}

export async function listTemplates(db: Db, actor: Actor): Promise<MailTemplate[]> {
  return (await mailboxesRepository.listTemplates(db, actor.orgId)).map((row) => toTemplate(row, actor));
}

export async function createTemplate(db: Db, actor: Actor, body: MailTemplateBody): Promise<MailTemplate> {
  const id = await mailboxesRepository.insertTemplate(db, actor.orgId, actor.userId, body);
  return toTemplate(await found(db, actor, id), actor);
}

export async function updateTemplate(db: Db, actor: Actor, id: string, body: MailTemplateBody): Promise<MailTemplate> {
  if (!(await mailboxesRepository.updateTemplate(db, actor.orgId, actor.userId, id, body))) throw new AppError('MAIL_TEMPLATE_NOT_FOUND');
  return toTemplate(await found(db, actor, id), actor);
}

export async function removeTemplate(db: Db, actor: Actor, id: string): Promise<void> {
  if (!(await mailboxesRepository.deleteTemplate(db, actor.orgId, actor.userId, id))) throw new AppError('MAIL_TEMPLATE_NOT_FOUND');
}

/** Filled from a contact (its name and company) or a company (its name), read with the viewer's own privileges. */
export async function renderTemplate(db: Db, actor: Actor, id: string, entityType: 'contact' | 'company', entityId: string): Promise<MailTemplateRendered> {
  const template = await found(db, actor, id);
  const myName = await mailboxesRepository.userName(db, actor.userId);
  let values;
  if (entityType === 'contact') {
    const contact = await contactsService.getContact(db, actor, entityId);
    values = { firstName: contact.firstName, lastName: contact.lastName, fullName: fullName(contact.firstName, contact.lastName), company: contact.company?.name ?? '', myName };
  } else {
    const company = await companiesService.getCompany(db, actor, entityId);
    values = { company: company.name, myName };
  }
  return { subject: fillTemplate(template.subject, values), text: fillTemplate(template.body, values) };
}
