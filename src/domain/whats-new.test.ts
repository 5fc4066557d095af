import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "./dates.ts";
import { EVENT_TYPES } from "./enums.ts";
import {
  isOwnDoing,
  NEWS_KINDS_OF_PAGE,
  NEWS_PAGES,
  NEWS_WINDOW_DAYS,
  newsEventTypesOf,
  newsOf,
  newsSince,
} from "./whats-new.ts";

describe("from when on something is new", () => {
  it("is the last visit, never before the window, whatever the visit", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }),
        fc.option(fc.integer({ min: 0, max: 400 * DAY_MS })),
        (now, ago) => {
          const seenAt = ago === null ? null : new Date(now.getTime() - ago);
          const since = newsSince(seenAt, now);
          const windowStart = now.getTime() - NEWS_WINDOW_DAYS * DAY_MS;
          expect(since.getTime()).toBeGreaterThanOrEqual(windowStart);
          if (seenAt && seenAt.getTime() > windowStart) expect(since).toEqual(seenAt);
          else expect(since.getTime()).toBe(windowStart);
        },
      ),
    );
  });
});

describe("what an event is as news", () => {
  it("tells a move by the status it entered and the package replaced in place apart", () => {
    expect(
      newsOf("myBike", { type: "ORDER_PROCESSED", data: { from: "CONFIRMED", to: "PROCESSED" } }),
    ).toEqual({
      kind: "STATUS_CHANGED",
      status: "PROCESSED",
    });
    expect(newsOf("myBike", { type: "ORDER_STATUS_UPDATED", data: { change: "packageReplaced" } })).toEqual({
      kind: "PACKAGE_CHANGED",
      status: null,
    });
    expect(newsOf("myBike", { type: "ORDER_STATUS_UPDATED", data: {} })).toBeNull();
    expect(newsOf("myBike", { type: "ORDER_STATUS_UPDATED", data: { to: "NOT_A_STATUS" } })).toBeNull();
  });

  it("is news only on the pages that follow its kind", () => {
    const defect = { type: "HANDOVER_DEFECT_REPORTED" as const, data: { description: "x" } };
    expect(newsOf("storeOrders", defect)?.kind).toBe("DEFECT_REPORTED");
    expect(newsOf("employerOrders", defect)?.kind).toBe("DEFECT_REPORTED");
    // The employee reported it: it is no news on their own page.
    expect(newsOf("myBike", defect)).toBeNull();
    expect(newsOf("storeOrders", { type: "BIKE_REDEMPTION_OFFER_ADDED", data: {} })).toBeNull();
  });

  it("reads for each page exactly the event types that can be its news", () => {
    for (const page of NEWS_PAGES) {
      const types = newsEventTypesOf(page);
      for (const type of EVENT_TYPES) {
        const some = [{}, { to: "CANCELLED" }, { change: "packageReplaced" }].some(
          (data) => newsOf(page, { type, data }) !== null,
        );
        expect(types.includes(type), `${page}: ${type}`).toBe(some);
      }
      const kinds = new Set(
        types.flatMap((type) =>
          [{}, { to: "CANCELLED" }, { change: "packageReplaced" }].flatMap(
            (data) => newsOf(page, { type, data })?.kind ?? [],
          ),
        ),
      );
      expect([...kinds].sort()).toEqual([...NEWS_KINDS_OF_PAGE[page]].sort());
    }
  });
});

describe("the reader's own doing", () => {
  it("is never news to them, and the store's link is the store's own doing", () => {
    const me = "me";
    expect(isOwnDoing("myBike", { actorUserId: me, data: {} }, me)).toBe(true);
    expect(isOwnDoing("myBike", { actorUserId: "someone", data: {} }, me)).toBe(false);
    expect(isOwnDoing("storeOrders", { actorUserId: null, data: { by: "bikeStoreToken" } }, me)).toBe(true);
    expect(isOwnDoing("myBike", { actorUserId: null, data: { by: "bikeStoreToken" } }, me)).toBe(false);
  });
});
