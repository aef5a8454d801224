import type { Locale } from '@lodestar/contract';
import { apiRequest } from './api-client.ts';
import { saveLanguage } from './i18n.ts';
import { isSignedIn } from './session.ts';

/** Saves the language (locally, and on the profile when signed in), then reloads the page. */
export async function switchLanguage(locale: Locale, reload: () => void = () => window.location.reload()): Promise<void> {
  saveLanguage(locale);
  if (isSignedIn()) {
    try {
      await apiRequest('/profile', { method: 'POST', body: { language: locale }, successMessage: false, notifyError: false });
    } catch {
      // The local choice still applies; the profile catches up on the next change.
    }
  }
  reload();
}
