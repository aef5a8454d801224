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
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOf } from '../auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import { requestLocale } from '../../../platform/i18n.ts';
import * as usersService from './users.service.ts';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
const done = envelope(z.null());

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    { schema: { tags, body: registerBodySchema, response: { 200: envelope(sessionSchema) } } },
    async (request) =>
      ok(await usersService.register(app.db, { ...request.body, language: requestLocale(request), plan: app.config.devDefaultPlan })),
  );

  app.post(
    '/login',
    { schema: { tags, body: loginBodySchema, response: { 200: envelope(sessionSchema) } } },
    async (request) => ok(await usersService.login(app.db, { ...request.body, ip: request.ip })),
  );

  app.post(
    '/logout',
    { onRequest: requireUser, schema: { tags, security, response: { 200: done } } },
    async (request) => {
      await usersService.logout(app.db, request.sessionId!);
      return ok(null);
    },
  );

  app.get(
    '/profile',
    { onRequest: requireUser, schema: { tags, security, response: { 200: envelope(profileSchema) } } },
    async (request) => ok(await usersService.getProfile(app.db, userOf(request).id)),
  );

  app.post(
    '/profile',
    {
      onRequest: requireUser,
      schema: { tags, security, body: profileUpdateBodySchema, response: { 200: envelope(profileSchema) } },
    },
    async (request) => ok(await usersService.updateProfile(app.db, userOf(request).id, request.body)),
  );

  app.post(
    '/forget/pwd/code',
    { schema: { tags, body: forgotCodeBodySchema, response: { 200: done } } },
    async (request) => {
      const { email } = request.body;
      // Answer first, work after: the answer and its timing are the same for unknown emails.
      app.background.run('password reset code', () =>
        usersService.requestPasswordReset(app.db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, email),
      );
      return ok(null);
    },
  );

  app.post(
    '/forget/pwd/code/check',
    { schema: { tags, body: forgotCheckBodySchema, response: { 200: done } } },
    async (request) => {
      await usersService.checkResetCode(app.db, request.body);
      return ok(null);
    },
  );

  app.post(
    '/forget/pwd/change',
    { schema: { tags, body: forgotChangeBodySchema, response: { 200: done } } },
    async (request) => {
      await usersService.resetPasswordWithCode(app.db, request.body);
      return ok(null);
    },
  );

  app.post(
    '/user/pwd/change',
    {
      onRequest: requireUser,
      schema: { tags, security, body: passwordChangeBodySchema, response: { 200: envelope(sessionSchema) } },
    },
    async (request) => ok(await usersService.changePassword(app.db, userOf(request).id, request.body)),
  );

  app.get(
    '/user/pwd/checkResetPwd',
    { schema: { tags, querystring: checkResetQuerySchema, response: { 200: envelope(checkResetResultSchema) } } },
    async (request) => ok(await usersService.checkResetLink(app.db, request.query.code)),
  );

  app.post(
    '/user/pwd/reset',
    { schema: { tags, body: passwordResetBodySchema, response: { 200: done } } },
    async (request) => {
      await usersService.resetPasswordWithLink(app.db, request.body);
      return ok(null);
    },
  );
};
