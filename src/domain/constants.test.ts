import { describe, expect, it } from "vitest";
import * as c from "./constants.ts";

describe("docs/product.md 'Constants' constants", () => {
  it("hold the spec's timings", () => {
    expect(c.NOTIFICATION_CHECK_INTERVAL_MS).toBe(30000);
    expect(c.HEALTH_CHECK_INTERVAL_MS).toBe(60000);
    expect(c.AUTH_COOKIE_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60);
    expect(c.ANNOUNCEMENT_BANNER_DISMISSAL_MS).toBe(86_400_000);
    expect(c.BACK_TO_TOP_THRESHOLD_PX).toBe(400);
    expect([c.PROGRESS_BAR_MINIMUM, c.PROGRESS_BAR_SPEED_MS]).toEqual([0.3, 800]);
  });

  it("hold the spec's default page sizes", () => {
    expect([
      c.NOTIFICATIONS_PAGE_SIZE,
      c.SYSTEM_USERS_PAGE_SIZE,
      c.INSURANCE_CLAIMS_PAGE_SIZE,
      c.EMPLOYEE_LIST_PAGE_SIZE,
      c.ROLE_USERS_PAGE_SIZE,
      c.USER_PAYMENTS_PAGE_SIZE,
    ]).toEqual([20, 20, 10, 10, 20, 10]);
  });

  it("hold the notification limits and the default filter", () => {
    expect([c.NOTIFICATION_DROPDOWN_ITEMS, c.NOTIFICATION_PREVIEW_LENGTH, c.NOTIFICATION_BADGE_CAP]).toEqual([
      5, 100, 99,
    ]);
    expect(c.DEFAULT_FILTER).toBe("ALL");
  });

  it("back off 1 s, 2 s, 4 s over three attempts", () => {
    expect(Array.from({ length: c.RETRY_ATTEMPTS }, (_, i) => c.getRetryDelayMs(i))).toEqual([
      1000, 2000, 4000,
    ]);
  });
});
