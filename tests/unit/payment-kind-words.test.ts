import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/domain/locale.ts";
import { kindsNamedBy, PAYMENT_KIND_WORDS } from "../../src/server/modules/user-payments/kind-words.ts";
import en from "../../src/web/i18n/admin/payments.en.json";
import fi from "../../src/web/i18n/admin/payments.fi.json";
import sv from "../../src/web/i18n/admin/payments.sv.json";

/**
 * The helpdesk searches a payment by its kind's name as its payment list shows it: the server's words
 * (it may not import the web's catalogues) are the list's, in every language.
 */
const LIST = { fi, en, sv };

describe("the payment kinds' words the helpdesk searches by", () => {
  it.each(LANGUAGES)("%s are the payment list's names of the kinds", (lng) => {
    expect(PAYMENT_KIND_WORDS[lng]).toEqual(LIST[lng].adminUserPayments.kinds);
  });

  it("finds a redemption by its name in each language, case aside", () => {
    for (const word of ["lunastus", "Redemption", "INLÖSEN", "inlös"])
      expect(kindsNamedBy(word)).toEqual(["REDEMPTION"]);
    expect(kindsNamedBy("omavastuu")).toEqual(["DEDUCTIBLE"]);
    expect(kindsNamedBy("självrisk")).toEqual(["DEDUCTIBLE"]);
    expect(kindsNamedBy("return fee")).toEqual(["RETURN_FEE"]);
  });

  it("names no kind by a word too short or of no kind", () => {
    expect(kindsNamedBy("le")).toEqual([]);
    expect(kindsNamedBy("tarakka")).toEqual([]);
    expect(kindsNamedBy("1042")).toEqual([]);
  });
});
