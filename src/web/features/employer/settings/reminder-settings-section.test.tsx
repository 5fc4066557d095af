import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TReminderSettings } from "../../../../contract/reminder-settings.ts";
import { DEFAULT_REMINDER_SETTINGS } from "../../../../domain/reminder-settings.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ReminderSettingsSection } from "./reminder-settings-section.tsx";

setUpScreenTests();

const COMPANY = "11111111-1111-4111-8111-111111111111";
const EDITOR = "33333333-3333-4333-8333-333333333333";
const SETTINGS = `/api/companies/${COMPANY}/reminder-settings`;

const defaults: TReminderSettings = {
  settings: { ...DEFAULT_REMINDER_SETTINGS, disabledKinds: [] },
  saved: false,
  backupApproverCandidates: [
    { userId: EDITOR, firstName: "Eero", lastName: "Editori", email: "employer.editor@demo.test" },
  ],
};

function renderSection() {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <ReminderSettingsSection companyId={COMPANY} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe("the reminder settings section", () => {
  it("says the defaults are in use until the company saves its own", async () => {
    fakeApi({ [`GET ${SETTINGS}`]: () => ({ status: 200, body: defaults }) });
    renderSection();
    expect(await screen.findByText("Oletusasetukset käytössä")).toBeInTheDocument();
    expect(screen.getByLabelText("Muistutus hyväksyjille, arkipäivän kuluttua")).toHaveValue("2");
    expect(screen.getByText(/lähtee työntekijälle aina eräpäivänä/)).toBeInTheDocument();
  });

  it("names the field of an escalation before the reminder and sends nothing", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [`GET ${SETTINGS}`]: () => ({ status: 200, body: defaults }) });
    renderSection();
    const escalation = await screen.findByLabelText("Ilmoitus eteenpäin, arkipäivän kuluttua");
    await user.clear(escalation);
    await fillIn(user, escalation, "2");
    await user.click(screen.getByRole("button", { name: "Tallenna muistutukset" }));
    expect(
      await screen.findByText(/Ilmoitus eteenpäin tulee vasta hyväksyjien muistutuksen jälkeen/),
    ).toBeVisible();
    expect(escalation).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("PUT", SETTINGS)).toHaveLength(0);
  });

  it("saves the company's days, its backup approver and a kind switched off", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${SETTINGS}`]: () => ({ status: 200, body: defaults }),
      [`PUT ${SETTINGS}`]: (body) => ({ status: 200, body: { ...defaults, settings: body, saved: true } }),
    });
    renderSection();
    const store = await screen.findByLabelText("Muistutus pyöräliikkeelle, arkipäivän kuluttua");
    await user.clear(store);
    await fillIn(user, store, "4");
    await user.click(screen.getByRole("switch", { name: /Leasingsopimus päättyy/ }));
    await user.click(screen.getByLabelText("Kenelle hyväksymätön tilaus ilmoitetaan", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: /Eero Editori/ }));
    await user.click(screen.getByRole("button", { name: "Tallenna muistutukset" }));
    expect(await screen.findByText("Muistutusasetukset tallennettu.")).toBeInTheDocument();
    const [put] = api.callsTo("PUT", SETTINGS);
    expect(put?.body).toEqual({
      ...DEFAULT_REMINDER_SETTINGS,
      storeAfterDays: 4,
      backupApproverUserId: EDITOR,
      disabledKinds: ["LEASE_END"],
    });
  });
});
