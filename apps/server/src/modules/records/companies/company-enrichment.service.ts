import { setTimeout as sleep } from 'node:timers/promises';
import { companyEnrichmentLimit, isTaiwanTaxId, type CompanyEnrichment, type CompanyEnrichmentBody, type CompanyRegistryEntry } from '@lodestar/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { runAsEventActor } from '../../../platform/event-actor.ts';
import type { JobDefinition } from '../../../platform/jobs.ts';
import { assertCan, loadActor, type Actor } from '../../access/privileges/access-core.ts';
import * as companiesRepository from './companies.repository.ts';
import * as companiesService from './companies.service.ts';
import * as repository from './company-enrichment.repository.ts';
import type { EnrichmentFlag } from './company-enrichment.table.ts';
import { lookUpCompany } from './company-registry.ts';

/**
 * Bulk 統編 enrichment (issue 37 part 2; contract records/company-enrichment.ts). The companies are fixed when it
 * starts; a job asks the registry about each in turn at `ratePerSecond`, and each change is the company's ordinary
 * save under the event actor `registry:<id>` — its rules, timeline, events, and history (path "registry") — in the
 * transaction that moves the enrichment's position, so a restart neither skips a company nor counts one twice.
 * Only empty values are filled: an empty address takes the registered one, and the registered name joins the other
 * names when the company is known by another (the name a user wrote stays the name).
 */

export interface EnrichmentDeps {
  apiUrl: string;
  ratePerSecond: number;
  log?: FastifyBaseLogger;
}

/** Companies of an import, from the imports context (wiring.ts): undefined when the workspace has no such import. */
export type ImportCompanies = (db: Db, orgId: string, importId: string) => Promise<string[] | undefined>;
let importCompanies: ImportCompanies = async () => undefined;

export function registerImportCompanies(source: ImportCompanies): void {
  importCompanies = source;
}

function toEnrichment(row: repository.EnrichmentRow): CompanyEnrichment {
  return {
    id: row.id,
    status: row.status,
    importId: row.importId,
    total: row.companyIds.length,
    processed: row.position,
    filled: row.filled,
    unchanged: row.unchanged,
    notFound: row.notFound,
    skipped: row.skipped,
    flagged: row.flagged,
    retryAt: row.status === 'waiting' ? row.nextAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** POST /company-registry/enrichments: the companies fixed now, the job does the rest. */
export async function startEnrichment(db: Db, actor: Actor, body: CompanyEnrichmentBody): Promise<CompanyEnrichment> {
  assertCan(actor, 'company', 'edit');
  if (await repository.findUnfinished(db, actor.orgId)) throw new AppError('COMPANY_ENRICHMENT_RUNNING');
  let ids: string[];
  if (body.importId) {
    const found = await importCompanies(db, actor.orgId, body.importId);
    if (!found) throw fieldError('importId', 'invalidValue');
    ids = found.slice(0, companyEnrichmentLimit);
  } else if (body.all) {
    ids = await repository.companyIdsWithTax(db, actor.orgId, await companiesService.visibility(db, actor), companyEnrichmentLimit);
  } else {
    ids = [...new Set(body.companyIds)];
  }
  const row = await repository.insertEnrichment(db, actor.orgId, { createdByUserId: actor.userId, importId: body.importId ?? null, companyIds: ids });
  return toEnrichment(row);
}

export async function getEnrichment(db: Db, actor: Actor, id: string): Promise<CompanyEnrichment> {
  assertCan(actor, 'company', 'view');
  const row = await repository.findEnrichment(db, actor.orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toEnrichment(row);
}

export async function listEnrichments(db: Db, actor: Actor): Promise<{ items: CompanyEnrichment[] }> {
  assertCan(actor, 'company', 'view');
  return { items: (await repository.listEnrichments(db, actor.orgId, 5)).map(toEnrichment) };
}

/** What the registry's entry adds to the company without touching a value it has. */
export function fillFrom(company: { name: string; otherNames: string[]; address: string | null }, entry: CompanyRegistryEntry): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (!company.address?.trim() && entry.address) patch.address = entry.address;
  const registered = entry.name.trim();
  if (registered && registered !== company.name.trim() && !company.otherNames.some((n) => n.trim() === registered)) patch.otherNames = [...company.otherNames, registered];
  return patch;
}

const leaseSeconds = 120;
/** One run's share of the job before it lets the other jobs of its poller run. */
const runBudgetMs = 30_000;
const retryBaseSeconds = 30;
const retryMaxSeconds = 15 * 60;

interface Finding {
  outcome: 'filled' | 'unchanged' | 'notFound' | 'skipped';
  flag?: EnrichmentFlag | undefined;
  patch?: Record<string, unknown>;
}

/** One company: what the registry says of it and what that would fill. */
async function enrichOne(db: Db, deps: EnrichmentDeps, row: repository.EnrichmentRow, actor: Actor | undefined): Promise<'unavailable' | Finding> {
  const companyId = row.companyIds[row.position]!;
  const company = await companiesRepository.findCompanyRow(db, row.orgId, companyId);
  if (!actor || !company || company.deletedAt || !company.tax || !isTaiwanTaxId(company.tax)) return { outcome: 'skipped' };
  const answer = await lookUpCompany(deps.apiUrl, company.tax, (message) => deps.log?.warn(message));
  if (answer.status === 'unavailable') return 'unavailable';
  if (answer.status === 'notFound' || !answer.entry) return { outcome: 'notFound' };
  const flag = answer.entry.active ? undefined : { companyId, name: company.name, statusText: answer.entry.statusText || '—' };
  const patch = fillFrom(company, answer.entry);
  return Object.keys(patch).length === 0 ? { outcome: 'unchanged', flag } : { outcome: 'filled', flag, patch };
}

const countColumn = { filled: 'filled', unchanged: 'unchanged', notFound: 'notFound', skipped: 'skipped' } as const;

/** Works one claimed enrichment (its position moves with each company's save, in one transaction) until it is done, the registry is unavailable, or the run's budget is spent. */
async function work(db: Db, deps: EnrichmentDeps, claimed: { id: string; org_id: string }): Promise<number> {
  let row = (await repository.findEnrichment(db, claimed.org_id, claimed.id))!;
  // The member who started it: their privileges decide what may be changed (gone or deactivated: the rest is skipped).
  const actor = row.createdByUserId ? await loadActor(db, row.createdByUserId, row.orgId).catch(() => undefined) : undefined;
  const started = Date.now();
  const spacingMs = 1000 / deps.ratePerSecond;
  let lastCallAt = 0;
  let done = 0;
  while (row.position < row.companyIds.length && Date.now() - started < runBudgetMs) {
    await sleep(Math.max(0, lastCallAt + spacingMs - Date.now()));
    lastCallAt = Date.now();
    const result = await enrichOne(db, deps, row, actor);
    if (result === 'unavailable') {
      const attempts = row.attempts + 1;
      const waitSeconds = Math.min(retryBaseSeconds * 2 ** (attempts - 1), retryMaxSeconds);
      await repository.saveProgress(db, row.orgId, row.id, { status: 'waiting', attempts, nextAt: new Date(Date.now() + waitSeconds * 1000), lockedUntil: null });
      deps.log?.warn({ enrichmentId: row.id, waitSeconds }, 'company registry unavailable: enrichment waits');
      return done;
    }
    const { outcome, flag, patch } = result;
    const next: repository.Progress = {
      position: row.position + 1,
      [countColumn[outcome]]: row[countColumn[outcome]] + 1,
      attempts: 0,
      ...(flag ? { flagged: [...row.flagged, flag] } : {}),
      ...(row.position + 1 === row.companyIds.length ? { status: 'done' as const, finishedAt: new Date(), lockedUntil: null } : {}),
    };
    try {
      await db.transaction(async (tx) => {
        if (patch && actor) await runAsEventActor(`registry:${row.id}`, () => companiesService.patchCompany(tx, actor, row.companyIds[row.position]!, patch));
        await repository.saveProgress(tx, row.orgId, row.id, next);
      });
    } catch (error) {
      // The save refused it (no longer visible or editable to the member, another company took the 統編…): skipped.
      if (!(error instanceof AppError)) throw error;
      Object.assign(next, { filled: row.filled, skipped: row.skipped + 1 });
      await repository.saveProgress(db, row.orgId, row.id, next);
    }
    row = { ...row, ...next } as repository.EnrichmentRow;
    done += 1;
  }
  if (row.position < row.companyIds.length) await repository.saveProgress(db, row.orgId, row.id, { lockedUntil: null });
  return done;
}

/** The job: one due enrichment at a time (all workspaces share the registry's pace). */
export async function runEnrichments(db: Db, deps: EnrichmentDeps): Promise<number> {
  const claimed = await repository.claimDue(db, leaseSeconds);
  return claimed ? work(db, deps, claimed) : 0;
}

export function companyEnrichmentJobs(deps: EnrichmentDeps): JobDefinition[] {
  return [{ name: 'companies.enrichment', intervalMs: 2_000, leaseSeconds, run: (db) => runEnrichments(db, deps) }];
}
