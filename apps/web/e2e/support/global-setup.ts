import { rmSync } from 'node:fs';
import { startMailSink } from './mail-sink.ts';
import { e2eMailDir, e2eSmtpPort } from '../../playwright.config.ts';

/** Runs in the runner process for the whole run: the SMTP sink lives as long as the tests. */
export default async function globalSetup() {
  rmSync(e2eMailDir, { recursive: true, force: true });
  const stop = await startMailSink(e2eSmtpPort, e2eMailDir);
  return stop;
}
