import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TCompanyIdentity } from "../../../../contract/single-sign-on.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { apiError, type FakeReply, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { CompanyIdentitySection } from "./company-identity-section.tsx";
import { COMPANY_ID } from "./test-kit.tsx";

setUpScreenTests();

const URL = `/api/admin/companies/${COMPANY_ID}/identity`;
const REDIRECT = "https://pedaali.example/api/auth/sso/callback";
const TENANT = "8f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

const without = (overrides: Partial<TCompanyIdentity> = {}): TCompanyIdentity => ({
  signingPolicy: "SMS_CODE",
  strongIdentificationAvailable: true,
  sso: null,
  ssoRedirectUri: REDIRECT,
  ...overrides,
});
const withOidc = (): TCompanyIdentity =>
  without({
    signingPolicy: "STRONG_OR_SMS_CODE",
    sso: {
      preset: "OIDC",
      issuer: "https://login.kallio.fi",
      clientId: "pedaali",
      emailDomains: ["kallio.fi", "kallionkahvi.fi"],
      required: true,
      enabled: true,
    },
  });

function serve(initial: TCompanyIdentity, put: (body: unknown) => FakeReply = () => ({ status: 500 })) {
  let state = initial;
  return fakeApi({
    [`GET ${URL}`]: () => ({ status: 200, body: state }),
    [`PUT ${URL}`]: (body) => {
      const reply = put(body);
      if (reply.status === 200) state = reply.body as TCompanyIdentity;
      return reply;
    },
  });
}

function renderSection() {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <CompanyIdentitySection company={{ id: COMPANY_ID, name: "Kallion Kahvila Oy" }} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

async function section() {
  const heading = await screen.findByRole("heading", { name: "Tunnistautuminen ja kertakirjautuminen" });
  return within(heading.closest("section") as HTMLElement);
}

describe("a company's identity settings", () => {
  it("shows how the company signs, its provider and the redirect URI to copy", async () => {
    serve(withOidc());
    renderSection();
    const card = await section();
    expect(await card.findByText("Vahva tunnistautuminen, tekstiviestikoodi varalla")).toBeInTheDocument();
    expect(card.getByText("Muu OpenID Connect -palvelu")).toBeInTheDocument();
    expect(card.getByText("https://login.kallio.fi")).toBeInTheDocument();
    expect(card.getByText("kallio.fi, kallionkahvi.fi")).toBeInTheDocument();
    expect(card.getByRole("textbox", { name: /Paluuosoite \(redirect URI\)/ })).toHaveValue(REDIRECT);
    expect(card.getByRole("button", { name: "Kopioi" })).toBeInTheDocument();
    expect(card.getByRole("button", { name: "Poista kertakirjautuminen" })).toBeInTheDocument();
  });

  it("saves a new Entra ID provider with the issuer made of the tenant", async () => {
    const user = userEvent.setup();
    const api = serve(without(), (body) => ({
      status: 200,
      body: {
        ...without(),
        sso: { ...(body as { sso: object }).sso, clientSecret: undefined },
      },
    }));
    renderSection();
    const card = await section();
    await user.click(await card.findByRole("button", { name: "Muokkaa" }));
    await user.click(card.getByRole("switch", { name: /Kertakirjautuminen organisaation omalla/ }));
    expect(card.getByRole("combobox", { name: /Tunnistuspalvelu/ })).toHaveValue("ENTRA_ID");
    await fillIn(user, card.getByRole("textbox", { name: /Hakemiston tunnus/ }), TENANT);
    await fillIn(user, card.getByRole("textbox", { name: /^Client ID/ }), "c0ffee-app");
    await fillIn(user, card.getByLabelText(/^Client secret/), "s3cret");
    await user.type(
      card.getByRole("textbox", { name: /Sähköpostin verkkotunnukset/ }),
      "Kallio.fi{Enter}@kallionkahvi.fi",
    );
    await user.click(card.getByRole("switch", { name: /Pakollinen yrityksen käyttäjille/ }));
    await user.click(card.getByRole("button", { name: "Tallenna" }));

    expect(await screen.findByText("Tunnistautumisen asetukset tallennettiin.")).toBeInTheDocument();
    expect(api.callsTo("PUT", URL)[0]?.body).toEqual({
      signingPolicy: "SMS_CODE",
      sso: {
        preset: "ENTRA_ID",
        issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
        clientId: "c0ffee-app",
        clientSecret: "s3cret",
        emailDomains: ["Kallio.fi", "@kallionkahvi.fi"],
        required: true,
        enabled: true,
      },
    });
    expect(await card.findByText("Microsoft Entra ID")).toBeInTheDocument();
  });

  it("refuses a tenant that would let any Microsoft account in, and asks a new provider's secret", async () => {
    const user = userEvent.setup();
    const api = serve(without());
    renderSection();
    const card = await section();
    await user.click(await card.findByRole("button", { name: "Muokkaa" }));
    await user.click(card.getByRole("switch", { name: /Kertakirjautuminen organisaation omalla/ }));
    const tenant = card.getByRole("textbox", { name: /Hakemiston tunnus/ });
    await fillIn(user, tenant, "common");
    await fillIn(user, card.getByRole("textbox", { name: /^Client ID/ }), "app");
    await fillIn(user, card.getByRole("textbox", { name: /Sähköpostin verkkotunnukset/ }), "kallio.fi");
    await user.click(card.getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(tenant).toHaveAttribute("aria-invalid", "true"));
    expect(tenant).toHaveAccessibleDescription(
      expect.stringContaining("common ja organizations päästäisivät"),
    );
    expect(card.getByLabelText(/^Client secret/)).toHaveAccessibleDescription("Tämä tieto on pakollinen");
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
  });

  it("keeps the stored secret when left empty, and shows the server's refusal on its field", async () => {
    const user = userEvent.setup();
    const api = serve(withOidc(), () =>
      apiError(400, "VALIDATION_ERROR", "Invalid body", {
        details: [
          {
            field: "body.sso.issuer",
            message: "Invalid URL",
            issue: { code: "invalid_format", format: "url" },
          },
        ],
      }),
    );
    renderSection();
    const card = await section();
    await user.click(await card.findByRole("button", { name: "Muokkaa" }));
    expect(card.getByLabelText(/^Client secret/)).toHaveAttribute(
      "placeholder",
      "Tallennettu – jätä tyhjäksi, niin se säilyy",
    );
    await user.click(card.getByRole("button", { name: "Tallenna" }));

    const issuer = card.getByRole("textbox", { name: /Issuer-osoite/ });
    await waitFor(() => expect(issuer).toHaveAttribute("aria-invalid", "true"));
    expect(card.getByText("Anna osoite, joka alkaa https://")).toBeInTheDocument();
    const sent = api.callsTo("PUT", URL)[0]?.body as { sso: Record<string, unknown> };
    expect(sent.sso).not.toHaveProperty("clientSecret");
    expect(sent.sso.emailDomains).toEqual(["kallio.fi", "kallionkahvi.fi"]);
  });

  it("says on the domains field that a domain already logs in at another company", async () => {
    const user = userEvent.setup();
    serve(withOidc(), () => apiError(409, "SSO_DOMAIN_TAKEN", "Domain taken"));
    renderSection();
    const card = await section();
    await user.click(await card.findByRole("button", { name: "Muokkaa" }));
    await user.click(card.getByRole("button", { name: "Tallenna" }));
    const domains = card.getByRole("textbox", { name: /Sähköpostin verkkotunnukset/ });
    await waitFor(() => expect(domains).toHaveAttribute("aria-invalid", "true"));
    expect(
      card.getByText(
        "Tällä sähköpostin verkkotunnuksella kirjaudutaan jo toisen yrityksen tunnistuspalvelun kautta.",
      ),
    ).toBeInTheDocument();
    // Said at the field, not again above the form.
    expect(card.queryByText("Tallennus ei onnistunut")).not.toBeInTheDocument();
  });

  it("offers strong identification only where the platform has a broker", async () => {
    const user = userEvent.setup();
    serve(without({ strongIdentificationAvailable: false }));
    renderSection();
    const card = await section();
    expect(await card.findByText(/ei ole määritetty vahvan sähköisen tunnistautumisen/)).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Muokkaa" }));
    expect(card.getByRole("radio", { name: /^Tekstiviestikoodi/ })).toBeEnabled();
    expect(
      card.getByRole("radio", { name: /^Vahva tunnistautuminen, tekstiviestikoodi varalla/ }),
    ).toBeDisabled();
    expect(card.getByRole("radio", { name: /^Vain vahva tunnistautuminen/ })).toBeDisabled();
  });

  it("removes the provider only once asked, keeping the signing method", async () => {
    const user = userEvent.setup();
    const api = serve(withOidc(), (body) => ({ status: 200, body: { ...withOidc(), ...(body as object) } }));
    renderSection();
    const card = await section();
    await user.click(await card.findByRole("button", { name: "Poista kertakirjautuminen" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Poistetaanko yrityksen Kallion Kahvila Oy kertakirjautuminen?",
    });
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Poista kertakirjautuminen" }));
    expect(await screen.findByText("Kertakirjautuminen poistettiin.")).toBeInTheDocument();
    expect(api.callsTo("PUT", URL)[0]?.body).toEqual({ signingPolicy: "STRONG_OR_SMS_CODE", sso: null });
    expect(
      await card.findByText(/Ei käytössä: yrityksen käyttäjät kirjautuvat salasanalla/),
    ).toBeInTheDocument();
  });
});
