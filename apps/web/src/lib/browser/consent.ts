/** localStorage key of an anonymous visitor's data collection choice (signed-in: lib/queries/consent-api). */
export const CONSENT_KEY = 'herald-consent';

export interface ConsentPreferences {
  analytics: boolean;
}

export function readConsent(): ConsentPreferences {
  try {
    const stored = localStorage.getItem(CONSENT_KEY);
    const parsed = stored === null ? null : (JSON.parse(stored) as Partial<ConsentPreferences>);
    return { analytics: parsed?.analytics === true };
  } catch {
    return { analytics: false };
  }
}

export function writeConsent(preferences: ConsentPreferences): void {
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(preferences));
  } catch {
    // Storage unavailable: the preference lasts for this page only.
  }
}
