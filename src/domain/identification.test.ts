import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  birthDateOfIdentityCode,
  canonicalIdentityCode,
  isSamePerson,
  SIGNING_POLICIES,
  signingMethodsOf,
} from "./identification.ts";

const CHECK_CHARACTERS = "0123456789ABCDEFHJKLMNPRSTUVWXY";

describe("the ways an order can be signed", () => {
  it("follows the company's rule, and offers strong identification only where a broker is set up", () => {
    expect(signingMethodsOf("SMS_CODE", true)).toEqual(["SMS_CODE"]);
    expect(signingMethodsOf("STRONG_OR_SMS_CODE", true)).toEqual(["STRONG", "SMS_CODE"]);
    expect(signingMethodsOf("STRONG_OR_SMS_CODE", false)).toEqual(["SMS_CODE"]);
    expect(signingMethodsOf("STRONG", true)).toEqual(["STRONG"]);
    // Required but not set up: no weaker way is offered in its place.
    expect(signingMethodsOf("STRONG", false)).toEqual([]);
  });

  it("never offers the SMS code where the company requires strong identification", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIGNING_POLICIES), fc.boolean(), (policy, available) => {
        const methods = signingMethodsOf(policy, available);
        if (policy === "STRONG") expect(methods).not.toContain("SMS_CODE");
        if (!available) expect(methods).not.toContain("STRONG");
      }),
    );
  });
});

describe("the identified person and the one on record", () => {
  it("matches the family name and the first name among the given names, whatever the case", () => {
    const verified = { givenName: "Emilia Sofia", familyName: "Laine" };
    expect(isSamePerson(verified, { firstName: "Emilia", lastName: "Laine" })).toBe(true);
    expect(isSamePerson(verified, { firstName: "emilia", lastName: "LAINE" })).toBe(true);
    expect(isSamePerson(verified, { firstName: "Emilia Sofia", lastName: "Laine" })).toBe(true);
    expect(
      isSamePerson(
        { givenName: "Anna-Maija", familyName: "Mäki-Petäjä" },
        { firstName: "Anna", lastName: "Mäki-Petäjä" },
      ),
    ).toBe(true);
  });

  it("refuses another family name, a first name not among the given ones, and letters that differ", () => {
    const verified = { givenName: "Emilia Sofia", familyName: "Laine" };
    expect(isSamePerson(verified, { firstName: "Emilia", lastName: "Lainen" })).toBe(false);
    expect(isSamePerson(verified, { firstName: "Emma", lastName: "Laine" })).toBe(false);
    expect(
      isSamePerson(
        { givenName: "Ville", familyName: "Makinen" },
        { firstName: "Ville", lastName: "Mäkinen" },
      ),
    ).toBe(false);
    expect(isSamePerson({ givenName: "", familyName: "" }, { firstName: "", lastName: "" })).toBe(false);
  });

  it("recognises anyone as themselves, however their name is cased", () => {
    const name = fc.stringMatching(/^[A-Za-zÅÄÖåäö]{1,12}$/);
    fc.assert(
      fc.property(name, name, (first, last) => {
        const record = { firstName: first, lastName: last };
        expect(isSamePerson({ givenName: first.toUpperCase(), familyName: last.toLowerCase() }, record)).toBe(
          true,
        );
      }),
    );
  });
});

describe("the personal identity code", () => {
  it("takes a valid code in either case, and of either century sign generation", () => {
    expect(canonicalIdentityCode("131052-308T")).toBe("131052-308T");
    expect(canonicalIdentityCode(" 131052-308t ")).toBe("131052-308T");
    expect(canonicalIdentityCode("070481A312P")).toBe("070481A312P");
  });

  it("refuses a wrong check character, an impossible date and what is not a code", () => {
    expect(canonicalIdentityCode("131052-308A")).toBeNull();
    expect(canonicalIdentityCode("321352-308T")).toBeNull();
    expect(canonicalIdentityCode("131052308T")).toBeNull();
    expect(canonicalIdentityCode("131052G308T")).toBeNull();
  });

  it("accepts exactly one check character for each date and individual number", () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => String(d).padStart(2, "0"));
    const month = fc.integer({ min: 1, max: 12 }).map((m) => String(m).padStart(2, "0"));
    const year = fc.integer({ min: 0, max: 99 }).map((y) => String(y).padStart(2, "0"));
    const individual = fc.integer({ min: 2, max: 899 }).map((n) => String(n).padStart(3, "0"));
    fc.assert(
      fc.property(day, month, year, fc.constantFrom("-", "A", "+", "Y"), individual, (d, m, y, sign, n) => {
        const valid = [...CHECK_CHARACTERS].filter((c) =>
          canonicalIdentityCode(`${d}${m}${y}${sign}${n}${c}`),
        );
        expect(valid).toEqual([CHECK_CHARACTERS[Number(`${d}${m}${y}${n}`) % 31]]);
      }),
    );
  });
});

describe("the birth date of a personal identity code", () => {
  it("reads the date and the century from the code", () => {
    expect(birthDateOfIdentityCode("131052-308T")).toBe("1952-10-13");
    expect(birthDateOfIdentityCode("010594Y9032")).toBe("1994-05-01");
    expect(birthDateOfIdentityCode("020502A903Y")).toBe("2002-05-02");
  });

  it("gives nothing for what is not a valid code or a real day", () => {
    expect(birthDateOfIdentityCode("131052-308A")).toBeNull();
    expect(birthDateOfIdentityCode("not a code")).toBeNull();
    expect(birthDateOfIdentityCode("310200A")).toBeNull();
    expect(birthDateOfIdentityCode("290200A903E")).toBe("2000-02-29");
  });
});
