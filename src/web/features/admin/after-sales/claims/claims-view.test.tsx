import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TInsuranceClaim, TInsuranceClaimListItem } from "../../../../../contract/insurance-claims.ts";
import type { InsuranceClaimStep } from "../../../../../domain/insurance-claims.ts";
import { fakeApi } from "../../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../../test/screen-tests.ts";
import { api, renderTab } from "../../orders/test-kit.tsx";
import { fetchClaims } from "./claims-api.ts";

setUpScreenTests();
afterEach(() => vi.unstubAllGlobals());

/** Hakemukset → Vakuutusvahingot: the list of docs/product.md "Field rules", and a claim's page. */

const CLAIM_ID = "c1a1c1a1-c1a1-4c1a-8c1a-c1a1c1a1c1a1";
const ORDER_ID = "0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a01";
const LIST_URL = "/api/insurance-claims?page=1&limit=10";

const item = (overrides: Partial<TInsuranceClaimListItem> = {}): TInsuranceClaimListItem => ({
  insuranceId: CLAIM_ID,
  type: "THEFT",
  status: "PENDING",
  outcome: null,
  beneficiaryEmployeeId: "e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1",
  employee: { name: "Helmi Mäkelä", email: "helmi.makela@demo.test" },
  company: { companyId: "cccccccc-cccc-4ccc-8ccc-ccccccccccc1", name: "Demo Oy" },
  order: { orderId: ORDER_ID, orderNumber: 10010 },
  incidentDate: "2026-11-19",
  policeReportNumber: "4410/R/28731/26",
  reportedLate: false,
  createdAt: "2026-11-21T08:00:00.000Z",
  completedAt: null,
  ...overrides,
});

const claim = (overrides: Partial<TInsuranceClaim> = {}): TInsuranceClaim => ({
  ...item(),
  description: "Varastettiin Tampereen rautatieaseman pyöräparkista.",
  repairCostCents: null,
  deductibleCents: 24_000,
  deductibleOwedCents: 24_000,
  insuredValueCents: 325_960,
  reportDeadline: "2026-12-03",
  bike: {
    orderStatus: "ACTIVE_LEASING",
    name: "Cube Kathmandu Hybrid ONE 625",
    frameSerialNumber: "WCU1234567",
    totalPriceCents: 379_000,
    leaseStartDate: "2025-10-01",
    leaseEndDate: "2028-09-30",
  },
  files: [
    {
      id: "f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1",
      insuranceClaimId: CLAIM_ID,
      fileName: "pyöräparkki.png",
      mimeType: "image/png",
      sizeBytes: 696,
      createdAt: "2026-11-21T08:01:00.000Z",
    },
  ],
  events: [
    {
      id: "ee000000-0000-4000-8000-000000000001",
      type: "INSURANCE_CASE_STARTED",
      actorName: "Helmi Mäkelä",
      createdAt: "2026-11-21T08:00:00.000Z",
    },
  ],
  nextSteps: [],
  outcomes: ["NEW_BIKE", "END_OF_LEASING"],
  canWithdraw: true,
  // What the server allows the helpdesk on an open claim without an outcome.
  allowedActions: ["UPDATE", "SET_OUTCOME", "ADD_FILE", "DELETE"],
  userPayment: null,
  ...overrides,
});

const page = (items: TInsuranceClaimListItem[]) => ({
  status: 200,
  body: {
    items,
    page: 1,
    limit: 10,
    total: items.length,
    totalPages: 1,
    hasNext: false,
    hasPrevious: false,
  },
});

/** The claim with its outcome's next step to take, and what the server allows the helpdesk then. */
const withNextStep = (nextStep: InsuranceClaimStep, stepTaken: boolean): Partial<TInsuranceClaim> => ({
  outcome: "NEW_BIKE",
  nextSteps: [nextStep],
  allowedActions: stepTaken
    ? ["UPDATE", "TAKE_STEP", "ADD_FILE", "DELETE"]
    : ["UPDATE", "SET_OUTCOME", "TAKE_STEP", "ADD_FILE", "DELETE"],
});

describe("the insurance claims list", () => {
  it("lists the claims with the SPEC filters, 10 a page, and opens one", async () => {
    const replies = api({
      [`GET ${LIST_URL}`]: page([item()]),
      [`GET ${LIST_URL}&type=THEFT`]: page([item()]),
    });
    const { user, router } = renderTab("/admin/hakemukset/vahingot");
    const table = await screen.findByRole("table", { name: "Vakuutusvahingot" });
    expect(await within(table).findByText("Helmi Mäkelä")).toBeInTheDocument();
    expect(within(table).getByText("Tilaus 10010")).toBeInTheDocument();
    expect(within(table).getByText("Käsittelyssä")).toBeInTheDocument();
    expect(screen.getByLabelText("Tila")).toBeInTheDocument();
    expect(screen.getByLabelText("Laji")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Laji"), "THEFT");
    await waitFor(() =>
      expect(replies.calls.map((c) => c.url)).toContain("/api/insurance-claims?page=1&limit=10&type=THEFT"),
    );
    await user.click(within(table).getByRole("link", { name: "Varkaus" }));
    expect(router.state.location.pathname).toBe(`/admin/hakemukset/vahingot/${CLAIM_ID}`);
  });

  it("fails with 'Invalid response format' when the answer lacks items or a numeric total", {
    timeout: 20_000,
  }, async () => {
    for (const body of [{ total: 1 }, { items: [], total: "1" }, { items: "x", total: 0 }, null]) {
      fakeApi({ [`GET ${LIST_URL}`]: { status: 200, body } });
      await expect(fetchClaims({ page: 1, limit: 10 })).rejects.toThrow("Invalid response format");
    }
    api({ [`GET ${LIST_URL}`]: { status: 200, body: { items: [item()] } } });
    renderTab("/admin/hakemukset/vahingot");
    // Not a refusal of ours: the query retries twice before the table says so.
    expect(await screen.findByText("Listaa ei saatu ladattua.", {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe("an insurance claim's page", () => {
  const path = `/admin/hakemukset/vahingot/${CLAIM_ID}`;

  it("shows the claim, its bike, what the employee bears and its photo, and sets the outcome", async () => {
    let saved = false;
    const replies = api({
      [`GET /api/insurance-claims/${CLAIM_ID}`]: () => ({
        status: 200,
        body: saved ? claim({ outcome: "NEW_BIKE" }) : claim(),
      }),
      [`PUT /api/insurance-claims/${CLAIM_ID}`]: () => {
        saved = true;
        return {
          status: 200,
          body: claim(withNextStep("INSURANCE_NEW_BIKE_CASE_SUBMITTED", false)),
        };
      },
    });
    const { user } = renderTab(path);
    expect(await screen.findByRole("heading", { name: "Varkaus: Helmi Mäkelä" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "10010" })).toHaveAttribute(
      "href",
      `/admin/hakemukset/tilaus/${ORDER_ID}`,
    );
    expect(screen.getByText("Cube Kathmandu Hybrid ONE 625")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "pyöräparkki.png" })).toHaveAttribute(
      "src",
      `/api/insurance-claims/${CLAIM_ID}/files/f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1`,
    );
    expect(screen.getByText(/Valitse ensin ratkaisu/)).toBeInTheDocument();
    // A theft is never repaired: its outcomes are a new bike or the end of the lease.
    const outcome = screen.getByRole("combobox", { name: "Ratkaisu" });
    expect(within(outcome).queryByRole("option", { name: "Korjaus" })).not.toBeInTheDocument();
    await user.selectOptions(outcome, "NEW_BIKE");
    await user.click(screen.getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(replies.callsTo("PUT", `/api/insurance-claims/${CLAIM_ID}`)).toHaveLength(1));
    expect(replies.callsTo("PUT", `/api/insurance-claims/${CLAIM_ID}`)[0]?.body).toMatchObject({
      outcome: "NEW_BIKE",
      incidentDate: "2026-11-19",
      policeReportNumber: "4410/R/28731/26",
      repairCostCents: null,
      deductibleCents: 24_000,
    });
    expect(await screen.findByRole("button", { name: "Uuden pyörän korvaus haettu" })).toBeInTheDocument();
  });

  it("takes the next step after asking", async () => {
    const replies = api({
      [`GET /api/insurance-claims/${CLAIM_ID}`]: {
        status: 200,
        body: claim(withNextStep("INSURANCE_NEW_BIKE_CASE_SUBMITTED", false)),
      },
      [`POST /api/insurance-claims/${CLAIM_ID}/steps`]: {
        status: 200,
        body: claim(withNextStep("INSURANCE_GRENKE_INVOICE_SENT", true)),
      },
    });
    const { user } = renderTab(path);
    await user.click(await screen.findByRole("button", { name: "Uuden pyörän korvaus haettu" }));
    const dialog = await screen.findByRole("dialog", { name: "Uuden pyörän korvaus haettu" });
    await user.click(within(dialog).getByRole("button", { name: "Uuden pyörän korvaus haettu" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(replies.callsTo("POST", `/api/insurance-claims/${CLAIM_ID}/steps`)[0]?.body).toEqual({
      step: "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
    });
    expect(await screen.findByRole("button", { name: "Grenke-lasku lähetetty" })).toBeInTheDocument();
  });
});
