import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  checkResetQuerySchema,
  checkResetResultSchema,
  forgotChangeBodySchema,
  forgotCheckBodySchema,
  forgotCodeBodySchema,
  loginBodySchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  profileSchema,
  profileUpdateBodySchema,
  registerBodySchema,
  sessionSchema,
} from './auth.ts';

/** Accounts: sign-up, sign-in, profile and passwords (docs/product.md#api). */
export const usersEndpoints = endpoints('accounts', {
  register: { method: 'POST', path: '/register', access: 'public', body: registerBodySchema, response: sessionSchema },
  login: { method: 'POST', path: '/login', access: 'public', body: loginBodySchema, response: sessionSchema },
  logout: { method: 'POST', path: '/logout', access: 'user', response: z.null() },
  profile: { method: 'GET', path: '/profile', access: 'user', response: profileSchema },
  updateProfile: { method: 'POST', path: '/profile', access: 'user', body: profileUpdateBodySchema, response: profileSchema },
  forgotPasswordCode: { method: 'POST', path: '/forget/pwd/code', access: 'public', body: forgotCodeBodySchema, response: z.null() },
  checkForgotPasswordCode: { method: 'POST', path: '/forget/pwd/code/check', access: 'public', body: forgotCheckBodySchema, response: z.null() },
  changeForgottenPassword: { method: 'POST', path: '/forget/pwd/change', access: 'public', body: forgotChangeBodySchema, response: z.null() },
  changePassword: { method: 'POST', path: '/user/pwd/change', access: 'user', body: passwordChangeBodySchema, response: sessionSchema },
  checkResetLink: { method: 'GET', path: '/user/pwd/checkResetPwd', access: 'public', query: checkResetQuerySchema, response: checkResetResultSchema },
  resetPassword: { method: 'POST', path: '/user/pwd/reset', access: 'public', body: passwordResetBodySchema, response: z.null() },
});
