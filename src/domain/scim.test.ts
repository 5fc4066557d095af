import { describe, expect, it } from "vitest";
import {
  changeOfPatch,
  languageOfTag,
  loginAddressOf,
  parseScimFilter,
  SCIM_ENTERPRISE_USER,
  SCIM_MAX_PAGE_SIZE,
  SCIM_USER,
  scimPage,
} from "./scim.ts";

describe("SCIM filters", () => {
  it("reads userName and externalId equality in any case, with escaped quotes", () => {
    expect(parseScimFilter('userName eq "a@b.fi"')).toEqual({
      ok: true,
      filter: { kind: "userName", value: "a@b.fi" },
    });
    expect(parseScimFilter('USERNAME EQ "a@b.fi"')).toMatchObject({ filter: { kind: "userName" } });
    expect(parseScimFilter(`${SCIM_USER}:userName eq "x"`)).toMatchObject({ filter: { kind: "userName" } });
    expect(parseScimFilter('externalId eq "say \\"hi\\""')).toEqual({
      ok: true,
      filter: { kind: "externalId", value: 'say "hi"' },
    });
    expect(parseScimFilter(undefined)).toEqual({ ok: true, filter: { kind: "all" } });
    expect(parseScimFilter("  ")).toEqual({ ok: true, filter: { kind: "all" } });
  });

  it("refuses every other filter as invalidFilter", () => {
    for (const filter of [
      'userName co "a"',
      'userName eq "a" and active eq true',
      'displayName eq "A"',
      "userName eq a@b.fi",
      'userName eq "a" or externalId eq "b"',
    ])
      expect(parseScimFilter(filter), filter).toMatchObject({ ok: false, scimType: "invalidFilter" });
  });
});

describe("SCIM paging", () => {
  it("is 1-based, takes below 1 as 1, and never answers more than the maximum", () => {
    expect(scimPage({})).toEqual({ startIndex: 1, count: 100, offset: 0 });
    expect(scimPage({ startIndex: 0, count: -5 })).toEqual({ startIndex: 1, count: 0, offset: 0 });
    expect(scimPage({ startIndex: 11, count: 10 })).toEqual({ startIndex: 11, count: 10, offset: 10 });
    expect(scimPage({ count: 10_000 }).count).toBe(SCIM_MAX_PAGE_SIZE);
  });
});

describe("a PatchOp as a change", () => {
  it("reads the path form and Entra ID's value form alike, op names in any case", () => {
    const pathForm = changeOfPatch([{ op: "replace", path: "active", value: false }]);
    const entraForm = changeOfPatch([{ op: "Replace", value: { active: "False" } }]);
    expect(pathForm).toEqual({ ok: true, change: { active: false } });
    expect(entraForm).toEqual(pathForm);
    expect(changeOfPatch([{ op: "ADD", path: "active", value: "true" }])).toEqual({
      ok: true,
      change: { active: true },
    });
  });

  it("reads names, the work e-mail, externalId and the employee number", () => {
    const result = changeOfPatch([
      { op: "replace", path: "name.givenName", value: " Aino " },
      { op: "replace", value: { "name.familyName": "Koivula", name: { givenName: "Aili" } } },
      { op: "add", path: 'emails[type eq "work"].value', value: "Aino.K@Demo.test" },
      { op: "replace", path: "externalId", value: "abc" },
      { op: "replace", path: `${SCIM_ENTERPRISE_USER}:employeeNumber`, value: "42" },
      { op: "replace", path: "title", value: "ignored: Pedaali keeps no titles" },
    ]);
    expect(result).toEqual({
      ok: true,
      change: {
        givenName: "Aili",
        familyName: "Koivula",
        email: "aino.k@demo.test",
        externalId: "abc",
        employeeNumber: "42",
      },
    });
    expect(
      changeOfPatch([{ op: "replace", value: { [SCIM_ENTERPRISE_USER]: { employeeNumber: "7" } } }]),
    ).toEqual({ ok: true, change: { employeeNumber: "7" } });
  });

  it("clears externalId and the employee number by remove, and refuses removing what must stay", () => {
    expect(changeOfPatch([{ op: "remove", path: "externalId" }])).toEqual({
      ok: true,
      change: { externalId: null },
    });
    expect(changeOfPatch([{ op: "remove", path: "active" }])).toMatchObject({
      ok: false,
      scimType: "mutability",
    });
    expect(changeOfPatch([{ op: "remove" }])).toMatchObject({ ok: false, scimType: "noTarget" });
  });

  it("refuses unknown ops, filtered paths it does not know and values of the wrong kind", () => {
    expect(changeOfPatch([{ op: "move", path: "active", value: true }])).toMatchObject({
      scimType: "invalidSyntax",
    });
    expect(changeOfPatch([{ op: "replace", path: 'addresses[type eq "work"].x', value: "y" }])).toMatchObject(
      {
        scimType: "invalidPath",
      },
    );
    expect(changeOfPatch([{ op: "replace", path: "active", value: "maybe" }])).toMatchObject({
      scimType: "invalidValue",
    });
    expect(changeOfPatch([{ op: "replace", path: "userName", value: "not an address" }])).toMatchObject({
      scimType: "invalidValue",
    });
    expect(changeOfPatch([{ op: "replace", path: "name.givenName", value: "" }])).toMatchObject({
      scimType: "invalidValue",
    });
    expect(changeOfPatch([{ op: "replace", path: "name.familyName", value: "a\nb" }])).toMatchObject({
      scimType: "invalidValue",
    });
    expect(changeOfPatch([{ op: "replace", value: [1] }])).toMatchObject({ scimType: "invalidValue" });
  });
});

describe("the account's language and login address", () => {
  it("takes the language tag's primary subtag, Finnish otherwise", () => {
    expect(languageOfTag("sv-FI")).toBe("sv");
    expect(languageOfTag("en_US")).toBe("en");
    expect(languageOfTag("de")).toBe("fi");
    expect(languageOfTag(undefined)).toBe("fi");
  });

  it("takes an e-mail address in lower case, and nothing else", () => {
    expect(loginAddressOf(" Liisa@Demo.TEST ")).toBe("liisa@demo.test");
    expect(loginAddressOf("liisa")).toBeNull();
  });
});
