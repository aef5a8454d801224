import { usersEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { requestLocale } from '../../../platform/i18n.ts';
import { userOf } from '../auth/auth.ts';
import * as usersService from './users.service.ts';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.register, async (request) =>
    usersService.register(app.db, { ...request.body, language: requestLocale(request), plan: app.config.devDefaultPlan }),
  );
  route(app, api.login, async (request) => usersService.login(app.db, { ...request.body, ip: request.ip }));
  route(app, api.logout, async (request) => {
    await usersService.logout(app.db, request.sessionId!);
    return null;
  });
  route(app, api.profile, async (request) => usersService.getProfile(app.db, userOf(request).id, app.config.operatorEmails));
  route(app, api.updateProfile, async (request) => usersService.updateProfile(app.db, userOf(request).id, request.body, app.config.operatorEmails));
  route(app, api.forgotPasswordCode, async (request) => {
    // Answer first, work after: the answer and its timing are the same for unknown emails.
    app.background.run('password reset code', () =>
      usersService.requestPasswordReset(app.db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, request.body.email),
    );
    return null;
  });
  route(app, api.checkForgotPasswordCode, async (request) => {
    await usersService.checkResetCode(app.db, request.body);
    return null;
  });
  route(app, api.changeForgottenPassword, async (request) => {
    await usersService.resetPasswordWithCode(app.db, request.body);
    return null;
  });
  route(app, api.changePassword, async (request) => usersService.changePassword(app.db, userOf(request).id, request.body));
  route(app, api.checkResetLink, async (request) => usersService.checkResetLink(app.db, request.query.code));
  route(app, api.resetPassword, async (request) => {
    await usersService.resetPasswordWithLink(app.db, request.body);
    return null;
  });
};
