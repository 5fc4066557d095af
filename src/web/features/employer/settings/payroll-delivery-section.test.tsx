import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TPayrollDelivery, TPayrollDeliverySettings } from "../../../../contract/payroll-delivery.ts";
import { presetTemplate } from "../../../../domain/payroll/export-template.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { PayrollDeliverySection } from "./payroll-delivery-section.tsx";

setUpScreenTests();

const COMPANY = "11111111-1111-4111-8111-111111111111";
const SETTINGS = `/api/companies/${COMPANY}/payroll-delivery`;
const LOG = `/api/companies/${COMPANY}/payroll-deliveries`;
const DELIVERY = "22222222-2222-4222-8222-222222222222";

const sftpSaved: TPayrollDeliverySettings = {
  template: presetTemplate("EXCEL"),
  cutoffDay: 10,
  deltaOnly: true,
  channel: "SFTP",
  sftp: {
    host: "sftp.palkat.example",
    port: 22,
    username: "pedaali",
    auth: "PASSWORD",
    directory: "/in",
    fileNamePattern: "pedaali-{yyyy}-{mm}.csv",
    hostKeySha256: `SHA256:${"a".repeat(43)}`,
    secretStored: true,
  },
  saved: true,
};

const failed: TPayrollDelivery = {
  id: DELIVERY,
  period: "2026-10",
  kind: "DELTA",
  channel: "SFTP",
  target: "sftp://pedaali@sftp.palkat.example:22/in/pedaali-2026-10.csv",
  status: "FAILED",
  error: "Authentication failed: check the username and the password or key",
  fileName: "pedaali-2026-10.csv",
  fileSha256: "0".repeat(64),
  rowCount: 3,
  attempts: 1,
  startedAt: "2026-10-10T05:00:00.000Z",
  finishedAt: "2026-10-10T05:00:01.000Z",
};

function renderSection() {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <PayrollDeliverySection companyId={COMPANY} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe("the payroll delivery section", () => {
  it("says what to do when nothing is saved or delivered yet", async () => {
    fakeApi({
      [`GET ${SETTINGS}`]: () => ({
        status: 200,
        body: { ...sftpSaved, channel: "EMAIL", sftp: null, saved: false, deltaOnly: false, cutoffDay: 15 },
      }),
      [`GET ${LOG}`]: () => ({ status: 200, body: { items: [] } }),
    });
    renderSection();
    expect(await screen.findByText(/Raportti lähtee sähköpostilla 15. päivä/)).toBeInTheDocument();
    expect(await screen.findByText(/Yhtään raporttia ei ole vielä toimitettu/)).toBeInTheDocument();
  });

  it("shows a stored SFTP password as stored, never its value, and sends it unchanged when left empty", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${SETTINGS}`]: () => ({ status: 200, body: sftpSaved }),
      [`PUT ${SETTINGS}`]: () => ({ status: 200, body: sftpSaved }),
      [`GET ${LOG}`]: () => ({ status: 200, body: { items: [] } }),
    });
    renderSection();
    const password = await screen.findByPlaceholderText("Tallennettu");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Tallenna toimitusasetukset" }));
    const [put] = api.callsTo("PUT", SETTINGS);
    const sent = put?.body as { sftp?: Record<string, unknown> } | undefined;
    expect(sent?.sftp?.host).toBe("sftp.palkat.example");
    expect(sent?.sftp).not.toHaveProperty("secret");
  });

  it("re-sends a failed delivery only once asked", async () => {
    const user = userEvent.setup();
    let delivery = failed;
    const api = fakeApi({
      [`GET ${SETTINGS}`]: () => ({ status: 200, body: sftpSaved }),
      [`GET ${LOG}`]: () => ({ status: 200, body: { items: [delivery] } }),
      [`POST ${LOG}/${DELIVERY}/resend`]: () => {
        delivery = { ...failed, status: "DELIVERED", error: null, attempts: 2 };
        return { status: 200, body: delivery };
      },
    });
    renderSection();
    const log = await screen.findByRole("table", { name: "Toimitusloki" });
    expect(within(log).getByText(/Authentication failed/)).toBeInTheDocument();
    await user.click(within(log).getByRole("button", { name: "Lähetä uudelleen" }));
    expect(api.callsTo("POST", `${LOG}/${DELIVERY}/resend`)).toHaveLength(0);
    const dialog = await screen.findByRole("dialog", { name: "Lähetetäänkö raportti uudelleen?" });
    await user.click(within(dialog).getByRole("button", { name: "Lähetä uudelleen" }));
    expect(await within(log).findByText("Toimitettu")).toBeInTheDocument();
    expect(api.callsTo("POST", `${LOG}/${DELIVERY}/resend`)).toHaveLength(1);
  });

  it("delivers this month's report only once asked, and not while changes wait to be saved", async () => {
    const user = userEvent.setup();
    const delivered: TPayrollDelivery = {
      ...failed,
      period: "2026-11",
      kind: "FULL",
      status: "DELIVERED",
      error: null,
      fileName: "pedaali-2026-11.csv",
    };
    let items: TPayrollDelivery[] = [];
    const api = fakeApi({
      [`GET ${SETTINGS}`]: () => ({ status: 200, body: sftpSaved }),
      [`GET ${LOG}`]: () => ({ status: 200, body: { items } }),
      [`PUT ${SETTINGS}`]: () => ({ status: 200, body: sftpSaved }),
      [`POST ${LOG}`]: () => {
        items = [delivered];
        return { status: 201, body: delivered };
      },
    });
    renderSection();
    const deliver = await screen.findByRole("button", { name: "Toimita kuun raportti nyt" });
    await user.click(deliver);
    expect(api.callsTo("POST", LOG)).toHaveLength(0);
    const dialog = await screen.findByRole("dialog", { name: "Toimitetaanko tämän kuun raportti nyt?" });
    await user.click(within(dialog).getByRole("button", { name: "Toimita nyt" }));
    expect(await screen.findByText("Raportti toimitettu")).toBeInTheDocument();
    const log = await screen.findByRole("table", { name: "Toimitusloki" });
    expect(within(log).getByText("Toimitettu")).toBeInTheDocument();
    expect(api.callsTo("POST", LOG)).toHaveLength(1);

    // A change not yet saved would not be in the file: the button waits for the save.
    await user.click(screen.getByRole("switch", { name: /Vain muutokset/ }));
    expect(deliver).toBeDisabled();
    expect(screen.getByText(/Tallenna muutokset ensin/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tallenna toimitusasetukset" }));
    await waitFor(() => expect(deliver).toBeEnabled());
  });
});
