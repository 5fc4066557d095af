import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TWhatsNew } from "../../../contract/whats-new.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { baseRoutes, ORDER_ID, ok, order, renderMyBike, setUpMyBikeTests, uuid } from "./test-support.tsx";

setUpMyBikeTests();

const NEWS = "GET /api/whats-new/myBike";
const SEEN = "/api/whats-new/myBike/seen";
const READ_AT = "2026-11-20T10:00:00.000Z";

function news(items: TWhatsNew["items"]): TWhatsNew {
  return { since: "2026-11-01T10:00:00.000Z", readAt: READ_AT, items };
}

const PROCESSED = {
  eventId: uuid(700),
  orderId: ORDER_ID,
  orderNumber: 1042,
  kind: "STATUS_CHANGED" as const,
  status: "PROCESSED" as const,
  note: null,
  createdAt: "2026-11-19T09:30:00.000Z",
};
const PACKAGE_CHANGED = {
  ...PROCESSED,
  eventId: uuid(701),
  kind: "PACKAGE_CHANGED" as const,
  status: null,
  createdAt: "2026-11-18T09:30:00.000Z",
};

describe("what's new on /mybike", () => {
  it("lists each change since the last visit with its date, then marks them seen up to the list shown", async () => {
    const api = fakeApi({
      ...baseRoutes([order()]),
      [NEWS]: ok(news([PROCESSED, PACKAGE_CHANGED])),
      [`POST ${SEEN}`]: ok({ seenAt: READ_AT }),
    });
    renderMyBike();

    const section = (await screen.findByRole("heading", { name: "Mitä uutta" })).closest("section");
    const list = within(section as HTMLElement).getByRole("list", {
      name: "Muutokset edellisen käyntisi jälkeen",
    });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^19\.11\.2026.*Tilaus 1042: .+/),
      "18.11.2026Pyöräliike muutti tilauksen 1042 pyöräpakettia. Tarkista ja hyväksy se.",
    ]);
    expect(items[0]?.textContent).not.toContain("{{");
    await waitFor(() => expect(api.callsTo("POST", SEEN)).toHaveLength(1));
    expect(api.callsTo("POST", SEEN)[0]?.body).toEqual({ seenUpTo: READ_AT });
  });

  it("shows no section when nothing is new", async () => {
    const api = fakeApi({
      ...baseRoutes([order()]),
      [NEWS]: ok(news([])),
      [`POST ${SEEN}`]: ok({ seenAt: READ_AT }),
    });
    renderMyBike();
    await waitFor(() => expect(api.callsTo("POST", SEEN)).toHaveLength(1));
    expect(screen.queryByRole("heading", { name: "Mitä uutta" })).toBeNull();
  });

  it("shows nothing and marks nothing seen when the news cannot be read", async () => {
    const api = fakeApi({ ...baseRoutes([order()]) });
    renderMyBike();
    await waitFor(() => expect(api.callsTo("GET", "/api/whats-new/myBike")).toHaveLength(1));
    expect(screen.queryByRole("heading", { name: "Mitä uutta" })).toBeNull();
    expect(api.callsTo("POST", SEEN)).toHaveLength(0);
  });
});
