/** docs/product.md "Constants" business constants and limits, in one place so that UI, server and tests agree. */

/** The notification checker polls this often (employer-side users only). */
export const NOTIFICATION_CHECK_INTERVAL_MS = 30_000;
/** GET /api/health-check is polled this often; a failure shows the red "not connected" banner. */
export const HEALTH_CHECK_INTERVAL_MS = 60_000;

/** accessToken and refreshToken cookies: path /, 7 days, SameSite Strict. */
export const AUTH_COOKIE_MAX_AGE_SECONDS = 604_800;
export const AUTH_COOKIE_PATH = "/";
export const ACCESS_TOKEN_COOKIE = "accessToken";
export const REFRESH_TOKEN_COOKIE = "refreshToken";

/** A dismissed announcement banner stays hidden this long. */
export const ANNOUNCEMENT_BANNER_DISMISSAL_MS = 24 * 60 * 60 * 1000;
/** The back-to-top button appears after scrolling past this many pixels. */
export const BACK_TO_TOP_THRESHOLD_PX = 400;
/** Top progress bar (nprogress) settings. */
export const PROGRESS_BAR_MINIMUM = 0.3;
export const PROGRESS_BAR_SPEED_MS = 800;

/** Default list sizes (docs/product.md "Constants"). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const SYSTEM_USERS_PAGE_SIZE = 20;
export const INSURANCE_CLAIMS_PAGE_SIZE = 10;
export const EMPLOYEE_LIST_PAGE_SIZE = 10;
export const ROLE_USERS_PAGE_SIZE = 20;
export const USER_PAYMENTS_PAGE_SIZE = 10;

/** Login retries on network errors and unlisted statuses: 1 s, then 2 s, then 4 s (docs/product.md "Errors"). */
export const RETRY_ATTEMPTS = 3;
export const RETRY_INITIAL_DELAY_MS = 1000;
export const RETRY_BACKOFF_FACTOR = 2;

/** Notification dropdown: the 5 latest, loaded as page 1 with limit 10. */
export const NOTIFICATION_DROPDOWN_ITEMS = 5;
export const NOTIFICATION_DROPDOWN_FETCH_LIMIT = 10;
/** A notification preview is cut at this many characters. */
export const NOTIFICATION_PREVIEW_LENGTH = 100;
/** Above this the badge shows a "more than 99" text instead of the count. */
export const NOTIFICATION_BADGE_CAP = 99;

/**
 * A registration (join) link works this many days: long enough for a campaign and the stragglers after
 * it, short enough that a link forwarded out of the company dies on its own.
 */
export const REGISTRATION_LINK_DAYS = 90;

/** The "Kaikki" (all) choice of the company, cost unit and payroll-other filters. */
export const DEFAULT_FILTER = "ALL";

/** The delay before retry n (0-based) under the backoff above: 1000, 2000, 4000 ms. */
export function getRetryDelayMs(attempt: number): number {
  return RETRY_INITIAL_DELAY_MS * RETRY_BACKOFF_FACTOR ** attempt;
}

/** Double-submit CSRF: the cookie the page reads and the header it echoes the value in. */
export const CSRF_COOKIE = "csrfToken";
export const CSRF_HEADER = "x-csrf-token";

/**
 * The id of the JSON block in a signed-in page's HTML that carries its user's answer: the server writes
 * it (server plugins/first-answers.ts), the app takes it (web lib/api-client.ts takeFirstAnswers).
 */
export const FIRST_ANSWERS_ID = "first-answers";

/**
 * The id of the element in a signed-in page's HTML that holds the page's head (its title and lead, in
 * each language) while the app's code arrives: the build renders it (web entry-server.tsx), the server
 * writes it in (server plugins/spa.ts), the app's page loader shows it until the page is there (web
 * app/first-view.ts).
 */
export const FIRST_VIEW_ID = "first-view";
