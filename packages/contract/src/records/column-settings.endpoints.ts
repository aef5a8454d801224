import { endpoints } from '../platform/endpoint.ts';
import { companyColumnSettingSchema, contactColumnSettingSchema } from './column-settings.ts';

/** Paths follow the product's names for the lists ("customer" for contacts), like /api/dealFieldSetting. */
export const columnSettingsEndpoints = endpoints('settings', {
  contactColumns: { method: 'GET', path: '/customerFieldSetting', access: 'member', response: contactColumnSettingSchema },
  saveContactColumns: { method: 'POST', path: '/customerFieldSetting', access: 'member', body: contactColumnSettingSchema, response: contactColumnSettingSchema },
  companyColumns: { method: 'GET', path: '/companyFieldSetting', access: 'member', response: companyColumnSettingSchema },
  saveCompanyColumns: { method: 'POST', path: '/companyFieldSetting', access: 'member', body: companyColumnSettingSchema, response: companyColumnSettingSchema },
});
