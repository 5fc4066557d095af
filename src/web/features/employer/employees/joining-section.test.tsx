import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TJoiningStatus } from "../../../../contract/employee-import.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ADMIN, BASE, DEMO_OY, NO_OPTIONS, renderPage, uuid } from "./test-support.tsx";

setUpScreenTests();

const ADD = "/tyonantaja?valilehti=lisaa";
const JOINING = `${BASE}/companies/${DEMO_OY}/joining`;
const INVITE = `${BASE}/companies/${DEMO_OY}/invite`;

const STATUS: TJoiningStatus = {
  joined: 12,
  invited: 1,
  notInvited: 2,
  waiting: [
    {
      employeeId: uuid(201),
      name: "Aino Tuonti",
      email: "aino@demo.test",
      invitedAt: null,
      remindedAt: null,
    },
    {
      employeeId: uuid(202),
      name: "Eero Tuonti",
      email: "eero@demo.test",
      invitedAt: null,
      remindedAt: null,
    },
    {
      employeeId: uuid(203),
      name: "Helmi Tuonti",
      email: "helmi@demo.test",
      invitedAt: "2026-11-20T08:00:00.000Z",
      remindedAt: null,
    },
  ],
};

describe("the invitations to the service", () => {
  it("counts who has joined, invites all not yet invited at once, and one person again", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${BASE}/filter-options?companyId=${DEMO_OY}`]: NO_OPTIONS,
      [`GET ${JOINING}`]: { status: 200, body: STATUS },
      [`POST ${INVITE}`]: (body) => ({
        status: 200,
        body: { invited: "all" in (body as object) ? 2 : 1, skipped: 0 },
      }),
    });
    renderPage(ADMIN, ADD);
    const heading = await screen.findByRole("heading", { level: 2, name: "Kutsut palveluun" });
    const section = within(heading.closest("section") as HTMLElement);
    expect(
      section.getByText("Kirjautuneet: 12 · Kutsuttu, ei vielä kirjautunut: 1 · Ei vielä kutsuttu: 2"),
    ).toBeInTheDocument();
    expect(section.getByText("Kutsuttu 20.11.2026")).toBeInTheDocument();
    await user.click(section.getByRole("button", { name: "Kutsu kaikki kutsumattomat (2)" }));
    expect(await screen.findByText("Kutsuja lähti: 2.")).toBeInTheDocument();
    await user.click(section.getByRole("button", { name: "Kutsu Helmi Tuonti" }));
    expect(api.callsTo("POST", INVITE).map((c) => c.body)).toEqual([
      { all: true },
      { employeeIds: [uuid(203)] },
    ]);
  });

  it("shows nothing while everyone has logged in", async () => {
    fakeApi({
      [`GET ${BASE}/filter-options?companyId=${DEMO_OY}`]: NO_OPTIONS,
      [`GET ${JOINING}`]: { status: 200, body: { ...STATUS, waiting: [], invited: 0, notInvited: 0 } },
    });
    renderPage(ADMIN, ADD);
    await screen.findByRole("heading", { level: 2, name: "Lisää työntekijä" });
    expect(screen.queryByRole("heading", { name: "Kutsut palveluun" })).not.toBeInTheDocument();
  });
});
