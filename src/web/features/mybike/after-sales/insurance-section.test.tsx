import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TInsuranceClaim } from "../../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { formatMoney } from "../../../lib/formatters.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { order, setUpMyBikeTests, uuid } from "../test-support.tsx";
import { InsuranceSection } from "./insurance-section.tsx";

setUpMyBikeTests();

/** Reporting theft or damage on /mybike: the form's checks, what the employee bears, the claims. */

const CLAIM_ID = uuid(700);
const TODAY = toHelsinkiDateString(new Date());

const bike = order({
  orderStatus: "ACTIVE_LEASING",
  totalPriceCents: 300_000,
  agreement: {
    id: uuid(600),
    status: "ACCEPTED",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 9_900,
    commitmentDate: "2024-12-20",
    startDate: "2025-01-01",
    endDate: "2027-12-31",
    leaseEndsOn: "2027-12-31",
    taxRegime: "GRANDFATHERED",
    tax: { kind: "UNKNOWN", taxFreeUntil: null, taxableFrom: null },
    signedAt: "2024-12-20T10:00:00.000Z",
    signedDocumentId: null,
  },
});

const claim = (overrides: Partial<TInsuranceClaim> = {}): TInsuranceClaim => ({
  insuranceId: CLAIM_ID,
  type: "THEFT",
  status: "PENDING",
  outcome: null,
  beneficiaryEmployeeId: bike.employee.beneficiaryEmployeeId,
  employee: { name: "Maija Meikäläinen", email: "maija@demo.test" },
  company: { companyId: uuid(900), name: "Demo Oy" },
  order: { orderId: bike.orderId, orderNumber: bike.orderNumber },
  incidentDate: "2026-11-20",
  policeReportNumber: "5500/R/1/26",
  reportedLate: false,
  createdAt: "2026-11-21T08:00:00.000Z",
  completedAt: null,
  description: "Varastettiin pyöräparkista.",
  repairCostCents: null,
  deductibleCents: 24_000,
  deductibleOwedCents: 24_000,
  insuredValueCents: 240_000,
  reportDeadline: "2026-12-04",
  bike: null,
  files: [],
  events: [
    { id: uuid(701), type: "INSURANCE_CASE_STARTED", actorName: null, createdAt: "2026-11-21T08:00:00.000Z" },
  ],
  nextSteps: [],
  outcomes: ["NEW_BIKE", "END_OF_LEASING"],
  canWithdraw: true,
  // What the server allows the claim's own employee on an open claim the helpdesk has not taken up.
  allowedActions: ["UPDATE", "ADD_FILE", "DELETE"],
  userPayment: null,
  ...overrides,
});

function renderSection(orderValue = bike) {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <InsuranceSection order={orderValue} />
      <ToastHost />
    </QueryClientProvider>,
    { path: "/mybike" },
  );
  return { user, ...view };
}

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], "kuva.png", {
    type: "image/png",
  });
const renamedExe = () =>
  new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], "kuitti.pdf", { type: "application/pdf" });
const elevenMegabytes = () => {
  const bytes = new Uint8Array(11 * 1024 * 1024);
  bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
  return new File([bytes], "iso.pdf", { type: "application/pdf" });
};

function fileInput(container: HTMLElement, index = 0): HTMLInputElement {
  const inputs = container.querySelectorAll<HTMLInputElement>('input[type="file"]');
  const input = inputs[index];
  if (!input) throw new Error("no file input");
  return input;
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Ilmoita varkaudesta tai vahingosta" }));
  return screen.findByRole("form", { name: "Ilmoita varkaudesta tai vahingosta" });
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("reporting a theft or damage on /mybike", () => {
  it("checks each file in the browser: a renamed executable and 11 MB are named at the field and nothing is sent", async () => {
    const api = fakeApi({});
    const { user, container } = renderSection();
    const form = await openForm(user);
    await user.upload(fileInput(container), [renamedExe(), elevenMegabytes(), png()]);
    expect(
      await within(form).findByText(/kuitti\.pdf ei ole kuva \(JPEG, PNG, WebP, HEIC\) eikä PDF\./),
    ).toBeInTheDocument();
    expect(within(form).getByText(/iso\.pdf on yli 10 Mt\./)).toBeInTheDocument();

    await user.click(within(form).getByRole("radio", { name: "Vahinko" }));
    await fillIn(user, within(form).getByLabelText(/^Vahinkopäivä/), TODAY);
    await fill(user, within(form).getByLabelText(/^Kuvaus/), "Kaaduin liukkaalla.");
    await user.click(within(form).getByRole("button", { name: "Lähetä vahinkoilmoitus" }));
    expect(await screen.findByRole("heading", { name: "Korjattavat tiedot: 1" })).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/insurance-claims")).toHaveLength(0);
  }, 30_000);

  it("shows what the employee bears before sending, and asks a theft's police report number", async () => {
    const api = fakeApi({});
    const { user } = renderSection();
    const form = await openForm(user);
    expect(within(form).getByText("Mitä maksat itse")).toBeInTheDocument();
    expect(within(form).getByText(/240,00\s€/)).toBeInTheDocument();
    // 3 000 € less 1 % for each full month since 1.1.2025, the lease's start.
    const months = (Number(TODAY.slice(0, 4)) - 2025) * 12 + Number(TODAY.slice(5, 7)) - 1;
    const insured = formatMoney(3_000 * (100 - months), "fi").replace(/\s/g, "\\s");
    expect(within(form).getByText(new RegExp(`^${insured}$`))).toBeInTheDocument();

    await user.click(within(form).getByRole("radio", { name: "Varkaus" }));
    await fillIn(user, within(form).getByLabelText(/^Vahinkopäivä/), "2024-12-31");
    await user.click(within(form).getByRole("button", { name: "Lähetä vahinkoilmoitus" }));
    expect(await within(form).findAllByText(/Kirjoita rikosilmoituksen numero/)).not.toHaveLength(0);
    expect(
      within(form).getAllByText("Vahinkopäivä ei voi olla ennen vuokrakauden alkua.").length,
    ).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/insurance-claims")).toHaveLength(0);
  }, 30_000);

  it("sends the report, then each photo; the server's refusal of a photo is shown at the field", async () => {
    const upload = `POST /api/insurance-claims/${CLAIM_ID}/files?fileName=kuva.png`;
    const routes: Record<string, FakeRoute> = {
      "POST /api/insurance-claims": { status: 201, body: claim() },
      [upload]: apiError(400, "FILE_TYPE_NOT_ALLOWED", "The file must be a PDF or a JPEG, PNG or WebP image"),
    };
    const api = fakeApi(routes);
    const { user, container } = renderSection();
    const form = await openForm(user);
    await user.click(within(form).getByRole("radio", { name: "Varkaus" }));
    await fillIn(user, within(form).getByLabelText(/^Vahinkopäivä/), TODAY);
    await fill(user, within(form).getByLabelText(/^Rikosilmoituksen numero/), "5500/R/1/26");
    await fill(user, within(form).getByLabelText(/^Kuvaus/), "Varastettiin pyöräparkista.");
    await user.upload(fileInput(container), [png()]);
    await user.click(within(form).getByRole("button", { name: "Lähetä vahinkoilmoitus" }));

    expect(
      await within(form).findByText(/Vahinkoilmoitus on lähetetty, mutta kaikkia liitteitä/),
    ).toBeInTheDocument();
    expect(within(form).getAllByText(/kuva\.png: /).length).toBeGreaterThan(0);
    expect(api.callsTo("POST", "/api/insurance-claims")[0]?.body).toEqual({
      beneficiaryEmployeeId: bike.employee.beneficiaryEmployeeId,
      orderId: bike.orderId,
      type: "THEFT",
      incidentDate: TODAY,
      description: "Varastettiin pyöräparkista.",
      policeReportNumber: "5500/R/1/26",
    });
    expect(api.calls.filter((c) => `${c.method} ${c.url}` === upload)).toHaveLength(1);
  }, 30_000);

  it("follows a claim: its status, its steps and what the employee pays", async () => {
    fakeApi({
      [`GET /api/insurance-claims/${CLAIM_ID}`]: {
        status: 200,
        body: claim({
          outcome: "NEW_BIKE",
          canWithdraw: false,
          allowedActions: ["UPDATE", "ADD_FILE"],
          events: [
            ...claim().events,
            {
              id: uuid(702),
              type: "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
              actorName: null,
              createdAt: "2026-11-22T09:00:00.000Z",
            },
          ],
        }),
      },
    });
    const withClaim = order({
      ...bike,
      afterSales: {
        cancellation: null,
        redemption: null,
        insuranceClaims: [
          {
            insuranceId: CLAIM_ID,
            type: "THEFT",
            status: "PENDING",
            outcome: "NEW_BIKE",
            createdAt: "2026-11-21T08:00:00.000Z",
            completedAt: null,
          },
        ],
      },
    });
    renderSection(withClaim);
    const card = await screen.findByRole("article", { name: "Varkaus 20.11.2026" });
    expect(within(card).getByText("Käsittelyssä")).toBeInTheDocument();
    expect(within(card).getByText("Saat uuden pyörän")).toBeInTheDocument();
    const steps = within(card).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Ilmoitus vastaanotettu21\.11\.2026/),
      expect.stringMatching(/^Uuden pyörän korvaus haettu22\.11\.2026/),
      "Lasku lähetetty rahoitusyhtiölleTulossa",
      "Vahinko käsiteltyTulossa",
    ]);
    expect(within(card).queryByRole("button", { name: "Peru vahinkoilmoitus" })).not.toBeInTheDocument();
    await waitFor(() => expect(within(card).getByLabelText(/^Lisää kuvia/)).toBeInTheDocument());
  }, 30_000);
});
