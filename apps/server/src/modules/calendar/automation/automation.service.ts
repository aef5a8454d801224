import { defaultAutomationSetting, defaultScheduleColor, followUpDate, scheduleCreateBodySchema, type AutomationSetting, type FollowUpDelay } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import type { DealWon } from '../../deals/deals/deals.service.ts';
import * as schedulesService from '../schedules/schedules.service.ts';
import * as automationRepository from './automation.repository.ts';

/*
 * Automation (docs/product.md#automation): a follow-up schedule after a deal is closed won. Deals call the
 * listener registered in wiring.ts inside the closing transaction; the follow-up is claimed per deal in
 * automation_follow_ups first, so a deal gets one follow-up however often it is re-opened and closed.
 */

async function settingOf(db: Db, orgId: string): Promise<AutomationSetting> {
  const row = await automationRepository.findSetting(db, orgId);
  if (!row) return defaultAutomationSetting;
  return { followUpEnabled: row.followUpEnabled, followUpDelay: row.followUpDelay as FollowUpDelay, customDays: row.customDays, titlePrefix: row.titlePrefix };
}

export function getSetting(db: Db, actor: Actor): Promise<AutomationSetting> {
  assertSystemAdministrator(actor);
  return settingOf(db, actor.orgId);
}

export async function saveSetting(db: Db, actor: Actor, input: AutomationSetting): Promise<AutomationSetting> {
  assertSystemAdministrator(actor);
  // A custom day count is kept only for the custom delay, so the stored row says what applies.
  await automationRepository.saveSetting(db, actor.orgId, { ...input, customDays: input.followUpDelay === 'custom' ? input.customDays : null });
  return settingOf(db, actor.orgId);
}

/** The deal-won listener: schedules the owner's follow-up once per deal, in the closing transaction. */
export async function followUpWonDeal(tx: Db, deal: DealWon): Promise<void> {
  const setting = await settingOf(tx, deal.orgId);
  if (!setting.followUpEnabled) return;
  if (!(await automationRepository.claimFollowUp(tx, deal.orgId, deal.dealId))) return;
  const day = followUpDate(deal.completedDate, setting);
  const input = scheduleCreateBodySchema.parse({
    title: `${setting.titlePrefix}: ${deal.name}`.slice(0, 200),
    startDate: day,
    endDate: day,
    fullDay: true,
    deal: deal.dealId,
    client: deal.clientId ? { id: deal.clientId } : null,
    company: deal.companyId ? { id: deal.companyId } : null,
    color: defaultScheduleColor,
    activity: [],
    imagesName: [],
    complete: false,
  });
  const owner = { ownerUserId: deal.ownerUserId ?? deal.actorUserId, creatorUserId: deal.actorUserId };
  // A client or company moved to the trash must not stop the deal from closing: the follow-up then links the deal only.
  const row = await schedulesService
    .insertSchedule(tx, deal.orgId, owner, input)
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return schedulesService.insertSchedule(tx, deal.orgId, owner, { ...input, client: null, company: null });
      throw error;
    });
  await automationRepository.setFollowUpSchedule(tx, deal.orgId, deal.dealId, row.id);
}
