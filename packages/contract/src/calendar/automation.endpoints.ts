import { endpoints } from '../platform/endpoint.ts';
import { automationSettingSchema } from './automation.ts';

/** settings/automation: the follow-up after a deal is closed won. */
export const automationEndpoints = endpoints('automation', {
  setting: { method: 'GET', path: '/settings/automation', access: 'member', response: automationSettingSchema },
  saveSetting: { method: 'POST', path: '/settings/automation', access: 'member', body: automationSettingSchema, response: automationSettingSchema, description: 'System administrators only.' },
});
