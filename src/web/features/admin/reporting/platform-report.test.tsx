import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TPlatformReport } from "../../../../contract/admin.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { loadTexts, renderUi } from "../../../test/render-ui.tsx";
import { ReportingTab } from "./reporting-tab.tsx";

beforeAll(async () => {
  await loadTexts("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const report = (from: string, to: string): TPlatformReport => ({
  from,
  to,
  totals: {
    companies: 1234,
    groupCompanies: 3,
    employees: 250,
    pendingEmployees: 4,
    orders: 90,
    activeLeases: 60,
    pendingApplications: 2,
  },
  ordersByStatus: [
    { status: "PROCESSED", count: 30 },
    { status: "CANCELLED", count: 0 },
  ],
  ordersOverTime: [{ month: "2026-10", counts: { PROCESSED: 5 } }],
  leases: [{ month: "2026-10", started: 4, ending: 1 }],
  moneyByPayer: [{ payerType: "GRENKE", invoiced: 12345.5, paid: 1000 }],
});

describe("the figures of the Raportointi tab", () => {
  it("shows the totals and the money by payer in euros, sends a chosen date, and exports a CSV", async () => {
    const replies = fakeApi({
      "GET /api/admin/reports": { status: 200, body: report("2025-11-01", "2026-11-22") },
      "GET /api/admin/reports?from=2026-01-01": { status: 200, body: report("2026-01-01", "2026-11-22") },
    });
    // jsdom has no object URLs; the file's content is what the page hands to the browser.
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return "blob:report";
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderUi(
      <QueryClientProvider client={createQueryClient()}>
        <Routes>
          <Route path="/admin/*" element={<ReportingTab />} />
        </Routes>
      </QueryClientProvider>,
      { path: "/admin/raportointi" },
    );
    const companies = (await screen.findByText("Yrityksiä")).closest("div") as HTMLElement;
    expect(within(companies).getByText("1 234")).toBeInTheDocument();
    expect(screen.getByLabelText("Alkaen")).toHaveValue("01.11.2025");

    const money = screen.getByRole("table", { name: "Laskutus maksajittain" });
    const grenke = within(money).getByText("Grenke").closest("tr") as HTMLElement;
    expect(within(grenke).getByText("12 345,50 €")).toBeInTheDocument();

    const section = screen.getByRole("region", { name: "Laskutus maksajittain" });
    fireEvent.click(within(section).getByRole("button", { name: "Lataa CSV" }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toHaveProperty(
      "download",
      "laskutus-maksajittain_2025-11-01_2026-11-22.csv",
    );
    const csv = await (saved[0] as Blob).text();
    expect(csv).toContain("Grenke;12345,50;1000,00");

    fireEvent.change(screen.getByLabelText("Alkaen"), { target: { value: "2026-01-01" } });
    await waitFor(() => expect(replies.callsTo("GET", "/api/admin/reports?from=2026-01-01")).toHaveLength(1));
    click.mockRestore();
  });
});
