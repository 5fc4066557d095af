import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TPersonAccess } from "../../../../contract/person-access.ts";
import { PERSON_ACCESS_KINDS } from "../../../../domain/person-access.ts";
import en from "../../../i18n/admin/users.en.json";
import fi from "../../../i18n/admin/users.fi.json";
import sv from "../../../i18n/admin/users.sv.json";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { UserAccessLog } from "./user-access-log.tsx";

setUpScreenTests();

const USER = "44444444-4444-4444-8444-444444444444";

const employerRead: TPersonAccess = {
  id: "55555555-5555-4555-8555-555555555555",
  kind: "EMPLOYEE_DETAILS",
  viewer: {
    userId: "66666666-6666-4666-8666-666666666666",
    firstName: "Eveliina",
    lastName: "Esimies",
    email: "employer.admin@demo.test",
  },
  companyName: "Demo Oy",
  addressRange: "192.168.1.x",
  createdAt: "2026-11-27T06:00:00.000Z",
};

function renderLog() {
  renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <UserAccessLog userId={USER} />
    </QueryClientProvider>,
  );
}

describe("who looked at a person's data, on the helpdesk's user page", () => {
  it("names the reader, their company, what they opened and the network", async () => {
    fakeApi({
      [`GET /api/system-users/${USER}/access-log`]: () => ({ status: 200, body: { items: [employerRead] } }),
    });
    renderLog();
    expect(await screen.findByText("Eveliina Esimies (employer.admin@demo.test)")).toBeInTheDocument();
    expect(screen.getByText("Demo Oy")).toBeInTheDocument();
    expect(screen.getByText("Työntekijän tiedot")).toBeInTheDocument();
    expect(screen.getByText("192.168.1.x")).toBeInTheDocument();
  });

  it("says when no one else has looked", async () => {
    fakeApi({ [`GET /api/system-users/${USER}/access-log`]: () => ({ status: 200, body: { items: [] } }) });
    renderLog();
    expect(await screen.findByText(fi.adminUsers.accessLog.empty)).toBeInTheDocument();
  });

  it("has words for every kind of read in every language", () => {
    for (const catalogue of [fi, en, sv]) {
      const kinds = catalogue.adminUsers.accessLog.kind as Record<string, string>;
      for (const kind of PERSON_ACCESS_KINDS) expect(kinds[kind], kind).toBeTruthy();
    }
  });
});
