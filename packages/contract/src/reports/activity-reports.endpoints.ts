import { endpoints } from '../platform/endpoint.ts';
import {
  activityListQuerySchema,
  activityListSchema,
  activityReportSchema,
  detailQuerySchema,
  detailSchema,
  performanceTargetQuerySchema,
  performanceTargetSchema,
  personalQuerySchema,
  personalReportSchema,
  reportQuerySchema,
  reportSettingSchema,
  targetHeaderSchema,
} from './activity-reports.ts';

const forbidden = 'Needs the activityReport view privilege (403); whose points are shown follows its scope.';

/** Activity reports (docs/product.md#api). GET userActivity lives with the activity items. */
export const activityReportsEndpoints = endpoints('activity reports', {
  report: { method: 'GET', path: '/activity/report', access: 'member', query: reportQuerySchema, response: activityReportSchema, description: forbidden },
  personal: { method: 'GET', path: '/report/personal', access: 'member', query: personalQuerySchema, response: personalReportSchema, description: `${forbidden} uid defaults to the caller; a person outside the scope is 404.` },
  detail: { method: 'GET', path: '/report/detail', access: 'member', query: detailQuerySchema, response: detailSchema, description: forbidden },
  list: { method: 'GET', path: '/activity/report/list', access: 'member', query: activityListQuerySchema, response: activityListSchema, description: forbidden },
  setting: { method: 'GET', path: '/report/setting', access: 'member', response: reportSettingSchema },
  saveSetting: { method: 'POST', path: '/report/setting', access: 'member', body: reportSettingSchema, response: reportSettingSchema, description: 'System administrators only.' },
  targetHeader: { method: 'GET', path: '/activity/targetHeader', access: 'member', response: targetHeaderSchema, description: 'The caller’s own points; no privilege needed.' },
  performanceTarget: { method: 'GET', path: '/report/performanceTarget', access: 'member', query: performanceTargetQuerySchema, response: performanceTargetSchema, description: 'System administrators only; cells are saved with POST /dealTarget.' },
}, { scope: 'reports' });
