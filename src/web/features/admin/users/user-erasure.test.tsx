import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LEGAL_BASES } from "../../../../domain/erasure.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { COMMON, DEMO, details, HELPDESK_PERMISSIONS, id, renderTab } from "./test-support.tsx";

setUpScreenTests();

const employee = details({
  userRoles: [{ roleId: id(204), roleName: "BIKE_BENEFICIARY", companyId: DEMO.id, companyName: DEMO.name }],
});
const hold = {
  id: id(301),
  entityType: "leasingAgreement",
  entityId: id(302),
  legalBasis: LEGAL_BASES.AGREEMENT,
  endsOn: "2026-12-31",
  createdAt: "2026-11-28T10:00:00.000Z",
};

async function askToErase(user: ReturnType<typeof userEvent.setup>, reason: string) {
  const card = within(await screen.findByRole("region", { name: "Henkilötietojen poisto" }));
  await user.click(card.getByRole("button", { name: "Poista henkilön tiedot" }));
  const dialog = within(await screen.findByRole("dialog", { name: /Poistetaanko henkilön/ }));
  if (reason) await fillIn(user, dialog.getByLabelText(/^Syy/), reason);
  await user.click(dialog.getByRole("button", { name: "Poista tiedot" }));
  return { card, dialog };
}

describe("the Käyttäjät tab: erasing a person's data", () => {
  it("asks for a reason, then names what must be settled first", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...COMMON,
      [`GET /api/system-users/${id(1)}`]: { status: 200, body: employee },
      [`GET /api/system-users/${id(1)}/legal-holds`]: { status: 200, body: { items: [] } },
      [`POST /api/system-users/${id(1)}/erasure`]: apiError(409, "ERASURE_BLOCKED", "Settle first", {
        details: [{ field: "blocker.RUNNING_LEASE", message: "RUNNING_LEASE" }],
      }),
    });
    renderTab(`/admin/kayttajat/${id(1)}`, HELPDESK_PERMISSIONS);
    const { dialog } = await askToErase(user, "");
    expect(await dialog.findByText("Kirjoita syy.")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/system-users/${id(1)}/erasure`)).toHaveLength(0);

    await fillIn(user, dialog.getByLabelText(/^Syy/), "Pyyntö sähköpostitse 27.11.");
    await user.click(dialog.getByRole("button", { name: "Poista tiedot" }));
    expect(await dialog.findByText("käynnissä oleva leasing")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/system-users/${id(1)}/erasure`)[0]?.body).toEqual({
      reason: "Pyyntö sähköpostitse 27.11.",
    });
  });

  it("erases and lists what a law still keeps", async () => {
    const user = userEvent.setup({ delay: null });
    let erased = false;
    fakeApi({
      ...COMMON,
      [`GET /api/system-users/${id(1)}`]: () => ({
        status: 200,
        body: erased ? { ...employee, workEmail: "poistettu-0123456789ab@poistettu.invalid" } : employee,
      }),
      [`GET /api/system-users/${id(1)}/legal-holds`]: () => ({
        status: 200,
        body: { items: erased ? [hold] : [] },
      }),
      [`POST /api/system-users/${id(1)}/erasure`]: () => {
        erased = true;
        return { status: 200, body: { erasureId: id(300), holds: [hold] } };
      },
    });
    renderTab(`/admin/kayttajat/${id(1)}`, HELPDESK_PERMISSIONS);
    const { card } = await askToErase(user, "Pyyntö puhelimitse");
    expect(await card.findByText("Henkilön tiedot on poistettu.")).toBeInTheDocument();
    const holds = within(await card.findByRole("table", { name: "Säilytettävät tiedot" }));
    expect(holds.getByText("Leasingsopimus")).toBeInTheDocument();
    expect(holds.getByText(/Vanhentumislaki 728\/2003/)).toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Poista henkilön tiedot" })).not.toBeInTheDocument();
  });

  it("is not offered without the permission", async () => {
    fakeApi({ ...COMMON, [`GET /api/system-users/${id(1)}`]: { status: 200, body: employee } });
    renderTab(
      `/admin/kayttajat/${id(1)}`,
      HELPDESK_PERMISSIONS.filter((p) => p !== "person.erase"),
    );
    await screen.findByRole("region", { name: "Tiedot" });
    expect(screen.queryByRole("region", { name: "Henkilötietojen poisto" })).not.toBeInTheDocument();
  });
});
