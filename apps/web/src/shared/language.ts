import { usersEndpoints, type Locale } from '@lodestar/contract';
import { call } from './call.ts';
import { currentLanguage, hasSavedLanguage, saveLanguage, storedLanguage } from './i18n.ts';
import { isSignedIn } from './session.ts';

/** Saves the language (locally, and on the profile when signed in), then reloads the page. */
export async function switchLanguage(locale: Locale, reload: () => void = () => window.location.reload()): Promise<void> {
  saveLanguage(locale);
  if (isSignedIn()) {
    try {
      await call(usersEndpoints.updateProfile, { body: { language: locale }, successMessage: false, notifyError: false });
    } catch {
      // The local choice still applies; the profile catches up on the next change.
    }
  }
  reload();
}

/**
 * After sign-in the language follows the user across devices: a language chosen on this device is
 * written to the profile; without one, the profile's language is adopted (answer true: reload needed).
 */
export async function reconcileLanguageAfterSignIn(profileLanguage: Locale): Promise<boolean> {
  if (hasSavedLanguage()) {
    const saved = storedLanguage();
    if (saved !== profileLanguage) {
      await call(usersEndpoints.updateProfile, { body: { language: saved }, successMessage: false, notifyError: false, overlay: false }).catch(
        () => undefined,
      );
    }
    return false;
  }
  if (profileLanguage !== currentLanguage()) {
    saveLanguage(profileLanguage);
    return true;
  }
  return false;
}
