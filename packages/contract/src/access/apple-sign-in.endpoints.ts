import { endpoints } from '../platform/endpoint.ts';
import {
  appleCallbackBodySchema,
  appleConfigSchema,
  appleSessionBodySchema,
  appleSessionResultSchema,
  appleStartBodySchema,
  appleStartResultSchema,
} from './apple-sign-in.ts';
import { sessionSchema } from './auth.ts';

/** Sign in with Apple (docs/product.md#sign-in-with-apple). */
export const appleSignInEndpoints = endpoints('appleSignIn', {
  config: {
    method: 'GET', path: '/auth/apple/config', access: 'public', response: appleConfigSchema,
    description: 'Whether Sign in with Apple is configured (APPLE_SERVICES_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY); the button shows only then.',
  },
  start: {
    method: 'POST', path: '/auth/apple/start', access: 'public', body: appleStartBodySchema, response: appleStartResultSchema,
    description: 'The URL of Apple\'s authorization page (response_mode=form_post, scope name email) with a fresh state and nonce, valid 10 minutes. 404 APPLE_NOT_CONFIGURED when off.',
  },
  callback: {
    method: 'POST', path: '/auth/apple/callback', access: 'public', body: appleCallbackBodySchema, response: 'raw', rawAnswer: { status: 303, description: 'To the finishing page, with a one-time ticket or an error code.' },
    description:
      'Apple posts the authorization here (form). The code is exchanged at Apple\'s token endpoint with an ES256 client secret, the ID token checked ' +
      '(signature against Apple\'s keys, iss, aud, exp, the state\'s nonce, used once); answers a 303 to /user/apple-logining?ticket=… or ?error=CODE.',
  },
  session: {
    method: 'POST', path: '/auth/apple/session', access: 'public', body: appleSessionBodySchema, response: sessionSchema.extend(appleSessionResultSchema.shape),
    description: 'Trades the one-time ticket (valid 5 minutes) for a session, as a password login. 400 APPLE_STATE_INVALID when unknown, used or expired.',
  },
});
