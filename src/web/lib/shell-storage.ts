import { ANNOUNCEMENT_BANNER_DISMISSAL_MS } from "../../domain/constants.ts";

/** Browser-stored choices of the shell: the announcement's dismissal and the cookie consent. */

export const ANNOUNCEMENT_DISMISSED_KEY = "pedaali-announcement-dismissed";
export const COOKIE_CONSENT_KEY = "pedaali-cookie-consent";

export type CookieConsent = "accepted" | "rejected";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled; the choice then lasts for the page only.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // See read.
  }
}

/** docs/product.md "Constants": a dismissed announcement stays hidden for 24 h from the moment of dismissal. */
export function isAnnouncementDismissed(now = Date.now()): boolean {
  const at = Number(read(ANNOUNCEMENT_DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < ANNOUNCEMENT_BANNER_DISMISSAL_MS;
}

export function dismissAnnouncement(now = Date.now()): void {
  write(ANNOUNCEMENT_DISMISSED_KEY, String(now));
}

export function storedCookieConsent(): CookieConsent | null {
  const value = read(COOKIE_CONSENT_KEY);
  return value === "accepted" || value === "rejected" ? value : null;
}

export function storeCookieConsent(choice: CookieConsent): void {
  write(COOKIE_CONSENT_KEY, choice);
}
