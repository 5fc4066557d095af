import { QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TJoinRule } from "../../../../contract/join-rules.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { JoinRuleSection } from "./join-rule-section.tsx";

setUpScreenTests();

const COMPANY = "11111111-1111-4111-8111-111111111111";
const RULE = `/api/companies/${COMPANY}/join-rule`;

const none: TJoinRule = {
  domains: [],
  domainJoiners: "WAIT",
  domainsOnly: false,
  ownDomain: "demo.test",
  singleSignOnDomains: [],
};

function renderSection() {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <JoinRuleSection companyId={COMPANY} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe("the join rule section", () => {
  it("says everyone waits until a domain is added, and which domain the admin may add", async () => {
    fakeApi({ [`GET ${RULE}`]: () => ({ status: 200, body: none }) });
    renderSection();
    expect(await screen.findByText(/jokainen linkillä liittyvä odottaa hyväksyntääsi/)).toBeInTheDocument();
    expect(screen.getByText(/Voit lisätä nämä: demo\.test/)).toBeInTheDocument();
  });

  it("saves the domains, normalised, with the joiners accepted once they confirm", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${RULE}`]: () => ({ status: 200, body: none }),
      [`PUT ${RULE}`]: (body) => ({ status: 200, body: { ...none, ...(body as object) } }),
    });
    renderSection();
    await fillIn(user, await screen.findByLabelText("Yrityksen sähköpostin verkkotunnukset"), "@Demo.test");
    await user.click(screen.getByLabelText("Hyväksytään heti vahvistuksen jälkeen"));
    await user.click(screen.getByRole("button", { name: "Tallenna liittymisasetukset" }));
    expect(await screen.findByText("Liittymisasetukset tallennettu")).toBeInTheDocument();
    expect(api.callsTo("PUT", RULE)[0]?.body).toEqual({
      domains: ["demo.test"],
      domainJoiners: "ACCEPT",
      domainsOnly: false,
    });
  });

  it("names the domain the server refuses, and sends nothing for a malformed rule", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET ${RULE}`]: () => ({ status: 200, body: none }),
      [`PUT ${RULE}`]: () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: "JOIN_DOMAIN_NOT_VERIFIED",
          message: "Add the domain of your own work e-mail",
          details: [{ field: "body.domains.1", message: "Add the domain of your own work e-mail" }],
        },
      }),
    });
    renderSection();
    const domains = await screen.findByLabelText("Yrityksen sähköpostin verkkotunnukset");
    await user.click(screen.getByRole("switch", { name: /vain näiden verkkotunnusten osoitteilla/ }));
    await user.click(screen.getByRole("button", { name: "Tallenna liittymisasetukset" }));
    expect(await screen.findByText(/Lisää vähintään yksi verkkotunnus/)).toBeVisible();
    await user.click(screen.getByRole("switch", { name: /vain näiden verkkotunnusten osoitteilla/ }));
    await user.type(domains, "demo.test{enter}ei domain");
    await user.click(screen.getByRole("button", { name: "Tallenna liittymisasetukset" }));
    expect(await screen.findByText(/ei ei ole sähköpostin verkkotunnus/)).toBeInTheDocument();
    expect(api.callsTo("PUT", RULE)).toHaveLength(0);

    await user.clear(domains);
    await user.type(domains, "demo.test{enter}kilpailija.fi");
    await user.click(screen.getByRole("button", { name: "Tallenna liittymisasetukset" }));
    expect(
      await screen.findByText(/kilpailija\.fi: Voit lisätä oman työsähköpostisi verkkotunnuksen/),
    ).toBeVisible();
    expect(domains).toHaveAttribute("aria-invalid", "true");
  });
});
