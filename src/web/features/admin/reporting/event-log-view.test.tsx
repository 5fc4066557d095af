import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TEventLogEntry } from "../../../../contract/admin.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { loadTexts, renderUi } from "../../../test/render-ui.tsx";
import { ReportingTab } from "./reporting-tab.tsx";

beforeAll(async () => {
  await loadTexts("fi");
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const COMPANY_ID = "cccccccc-cccc-4ccc-8ccc-ccccccccccc1";
const ACTOR_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1";

const entry: TEventLogEntry = {
  id: "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1",
  type: "COMPANY_APPLICATION_ACCEPTED",
  actor: { userId: ACTOR_ID, name: "Maija Meikäläinen", email: "maija@pedaali.fi" },
  company: { id: COMPANY_ID, name: "Kallion Kahvila Oy" },
  entityType: "companyApplication",
  entityId: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1",
  entityLabel: "Kallion Kahvila Oy",
  data: { role: "EMPLOYER_ADMIN", source: "applications", adminInvited: true, nested: { skip: 1 } },
  // 10:15 UTC is 12:15 in Helsinki in winter.
  createdAt: "2026-11-20T10:15:00.000Z",
};

const page = (items: TEventLogEntry[]) => ({
  status: 200,
  body: { items, page: 1, limit: 20, total: items.length, totalPages: 1, hasNext: false, hasPrevious: false },
});

/** The event-log calls' query parameters, in order. */
function logQueries(calls: { url: string }[]) {
  return calls
    .filter((call) => call.url.startsWith("/api/event-log?"))
    .map((call) => Object.fromEntries(new URL(call.url, "http://x").searchParams));
}

describe("the event log of the Raportointi tab", () => {
  it("sends the filters of the address and of the controls as the query, and lists the events", async () => {
    const replies = fakeApi({
      [`GET /api/event-log?page=1&limit=20&types=COMPANY_APPLICATION_ACCEPTED%2CCOMPANY_CREATED&companyId=${COMPANY_ID}&from=2026-01-01`]:
        page([entry]),
      [`GET /api/event-log?page=1&limit=20&types=COMPANY_APPLICATION_ACCEPTED%2CCOMPANY_CREATED&actorUserId=${ACTOR_ID}&companyId=${COMPANY_ID}&from=2026-01-01`]:
        page([entry]),
      "GET /api/companies?names=true&limit=500": {
        status: 200,
        body: {
          items: [{ id: COMPANY_ID, name: "Kallion Kahvila Oy" }],
          page: 1,
          limit: 500,
          total: 1,
          totalPages: 1,
          hasNext: false,
          hasPrevious: false,
        },
      },
      "GET /api/system-users?page=1&limit=10&email=maija": {
        status: 200,
        body: {
          items: [
            {
              userId: ACTOR_ID,
              firstName: "Maija",
              lastName: "Meikäläinen",
              workEmail: "maija@pedaali.fi",
              personalEmail: null,
              phoneNumber: null,
              companyId: null,
              companyName: null,
              roles: ["INTERNAL_ADMIN"],
              deactivated: false,
              lastLoginAt: null,
            },
          ],
          page: 1,
          limit: 10,
          total: 1,
          totalPages: 1,
          hasNext: false,
          hasPrevious: false,
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderUi(
      <QueryClientProvider client={createQueryClient()}>
        <Routes>
          <Route path="/admin/*" element={<ReportingTab />} />
        </Routes>
      </QueryClientProvider>,
      {
        path: `/admin/raportointi/tapahtumaloki?types=COMPANY_APPLICATION_ACCEPTED,COMPANY_CREATED&company=${COMPANY_ID}&from=2026-01-01&actor=not-an-id`,
      },
    );

    // Text queries, not role queries: the roles of the whole table are slow to compute in jsdom.
    // The object by type and name, and the data in words without the internal keys.
    const summary = await screen.findByText("Rooli: Työnantajan pääkäyttäjä");
    const row = summary.closest("tr") as HTMLElement;
    expect(within(row).getByText("Yrityksen hakemus: Kallion Kahvila Oy")).toBeInTheDocument();
    expect(within(row).getByText("Yrityksen hakemus hyväksytty")).toBeInTheDocument();
    expect(within(row).getByText("20.11.2026 12:15")).toBeInTheDocument();
    expect(within(row).getByText("Maija Meikäläinen")).toBeInTheDocument();
    expect(within(row).getByText("maija@pedaali.fi")).toBeInTheDocument();
    expect(logQueries(replies.calls)).toEqual([
      {
        page: "1",
        limit: "20",
        types: "COMPANY_APPLICATION_ACCEPTED,COMPANY_CREATED",
        companyId: COMPANY_ID,
        from: "2026-01-01",
      },
    ]);

    // The actor is found by e-mail and chosen from the list; the query and the address follow.
    const actor = screen.getByPlaceholderText("Hae sähköpostilla");
    await user.click(actor);
    await user.paste("maija");
    await user.click(await screen.findByText("Maija Meikäläinen (maija@pedaali.fi)"));
    await waitFor(() => expect(logQueries(replies.calls).at(-1)?.actorUserId).toBe(ACTOR_ID));
    expect(new URLSearchParams(router.state.location.search).get("actor")).toBe(ACTOR_ID);

    fireEvent.change(screen.getByLabelText("Päättyen"), { target: { value: "2026-06-30" } });
    await waitFor(() => expect(logQueries(replies.calls).at(-1)?.to).toBe("2026-06-30"));
    expect(logQueries(replies.calls).at(-1)).toMatchObject({ companyId: COMPANY_ID, actorUserId: ACTOR_ID });
  });

  it("says so when no event matches and clears the filters", async () => {
    const replies = fakeApi({
      "GET /api/event-log?page=1&limit=20&types=ROLE_DELETED": page([]),
      "GET /api/event-log?page=1&limit=20": page([entry]),
      "GET /api/companies?names=true&limit=500": {
        status: 200,
        body: { items: [], page: 1, limit: 500, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderUi(
      <QueryClientProvider client={createQueryClient()}>
        <Routes>
          <Route path="/admin/*" element={<ReportingTab />} />
        </Routes>
      </QueryClientProvider>,
      { path: "/admin/raportointi/tapahtumaloki?types=ROLE_DELETED" },
    );
    expect(await screen.findByText(/Mikään tapahtuma ei vastaa valintoja/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Näytä kaikki" }));
    expect(await screen.findByText("Yrityksen hakemus hyväksytty")).toBeInTheDocument();
    expect(replies.callsTo("GET", "/api/event-log?page=1&limit=20")).toHaveLength(1);
  });
});
