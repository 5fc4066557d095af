import { screen, within } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import type { Language } from "../../domain/locale.ts";
import { api, invoice, ORDER_ID, order, renderTab } from "../features/admin/orders/test-kit.tsx";
import { BENEFIT, baseRoutes, renderMyBike } from "../features/mybike/test-support.tsx";
import { fakeApi } from "../test/fake-api.ts";
import { loadTexts } from "../test/render-ui.tsx";
import { setUpScreenTests } from "../test/screen-tests.ts";
import { i18n } from "./i18n.ts";
import { ensureMyBikeTexts } from "./mybike-texts.ts";

/**
 * Nothing of ours is Finnish on an English or Swedish page: the words below are Finnish texts that
 * once reached those pages (an invoice's sender, the redemption's instructions, the login error). A
 * text the employer typed (its bike policy) stays as written, and is said to be the employer's own.
 */
const FINNISH = [
  "Pyöräliikkeeltä",
  "Rahoitusyhtiö",
  "Pedaalilta",
  "Laskut",
  "Lunastus",
  "nettopalkastasi",
  "maksutiedot",
  "Kyllä",
  "Pyöräetupolitiikka",
  "Työnantajan oma teksti",
  "Unauthorized",
];
const POLICY = "Työsuhdepyörän saa kerran kolmessa vuodessa.";
const OWN_TEXT: Record<Language, string> = {
  fi: "Työnantajan oma teksti",
  en: "The employer's own text",
  sv: "Arbetsgivarens egen text",
};

setUpScreenTests();
afterAll(() => i18n.changeLanguage("fi"));

/** The page's words, without the text the employer typed. */
function ourWords(): string {
  return (document.body.textContent ?? "").replace(POLICY, "");
}

const expectNoFinnish = () => {
  const words = ourWords();
  for (const word of FINNISH) expect(words, word).not.toContain(word);
};

describe.each(["en", "sv"] as const)("the %s pages", (lng) => {
  it("name each bill's sender in the reader's language", async () => {
    await loadTexts(lng);
    api({
      [`GET /api/orders/${ORDER_ID}`]: {
        status: 200,
        body: order({
          orderStatus: "GRENKE_INVOICE_SENT",
          invoices: [
            invoice({ status: "VERIFIED" }),
            invoice({
              id: "1e1e1e1e-1e1e-4e1e-8e1e-1e1e1e1e1e13",
              invoiceNumber: "PED-L-1042",
              payerType: "PEDAALI",
              sender: "PEDAALI",
              status: "SENT",
            }),
          ],
        }),
      },
    });
    renderTab(`/admin/hakemukset/tilaus/${ORDER_ID}`);
    expect(await screen.findByText("PED-L-1042")).toBeInTheDocument();
    expectNoFinnish();
  });

  it("show the employer's policy as written, labelled as the employer's own text", async () => {
    await ensureMyBikeTexts(lng);
    await loadTexts(lng);
    fakeApi(baseRoutes([], { ...BENEFIT, policy: { ...BENEFIT.policy, policyText: POLICY } }));
    renderMyBike();
    const policy = await screen.findByText(POLICY);
    expect(within(policy.parentElement as HTMLElement).getByText(OWN_TEXT[lng])).toBeInTheDocument();
    expectNoFinnish();
  });

  it("say a wrong e-mail or password in a sentence of the reader's language", async () => {
    await loadTexts(lng);
    const text = i18n.t("loginErrors.incorrectCredentials");
    for (const word of FINNISH) expect(text, word).not.toContain(word);
    expect(text).toMatch(/^[A-ZÅÄÖ].*\.$/);
  });
});
