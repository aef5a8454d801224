import { providerDoubleEnv, startProviderDouble } from '../../../server/src/test/calendar-providers-double.ts';
import { seedJourneyData } from './seed.ts';

/**
 * The journeys' web server: the local Google / Microsoft double (the same one the API tests use, on a free port),
 * the operator's set-up (seed.ts), then the real server pointed at the double. Playwright starts webServer before
 * globalSetup, so the double lives here.
 */
const double = await startProviderDouble();
Object.assign(process.env, providerDoubleEnv(double.url));
await seedJourneyData();
await import('../../../server/src/server.ts');
