import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { zContactFormRequest } from "../../contract/contact-forms.ts";
import { zAbsenceInput, zDecideEmployee } from "../../contract/employees.ts";
import { PLAUSIBLE_DATE_RULE, plausibleDateSpan } from "../../domain/plausible-dates.ts";
import { ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";
import { ApiError } from "./api-client.ts";
import { schemaFieldErrors, schemaTextLimits, serverFieldErrors } from "./contract-form.ts";

let fi: TFunction;

beforeAll(async () => {
  await initI18n("fi");
  await ensurePageTexts("fi");
  fi = i18n.getFixedT("fi");
});

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  email: z.email(),
  amountCents: z.int().min(1),
  kind: z.enum(["A", "B"]),
  address: z.object({ postalCode: z.string().regex(/^\d{5}$/) }),
});

describe("schemaFieldErrors", () => {
  it("says what is wrong with each field, on the form's own field paths", () => {
    const values = { name: "", email: "x", amount: "", kind: "", address: { postalCode: "1" } };
    const body = { ...values, amountCents: null, amount: undefined };
    expect(schemaFieldErrors(schema, body, values, fi, { fieldOf: { amountCents: "amount" } })).toEqual({
      name: "Tämä tieto on pakollinen",
      email: "Tarkista sähköpostiosoite",
      amount: "Tämä tieto on pakollinen",
      kind: "Valitse jokin vaihtoehdoista",
      "address.postalCode": "Tarkista muoto",
    });
  });

  it("names the limit of a text that is too long, and lets the form word a rule it knows", () => {
    const values = {
      name: "Pitkä nimi",
      email: "a@b.fi",
      amountCents: 0,
      kind: "A",
      address: { postalCode: "00100" },
    };
    expect(schemaFieldErrors(schema, values, values, fi)).toEqual({
      name: "Enintään 5 merkkiä",
      amountCents: "Arvo on liian pieni",
    });
    expect(
      schemaFieldErrors(schema, values, values, fi, {
        texts: (issue) => (issue.path[0] === "amountCents" ? "Summa on vähintään 0,01 €" : undefined),
      }).amountCents,
    ).toBe("Summa on vähintään 0,01 €");
  });

  it("leaves out the issues of fields the form does not have", () => {
    expect(schemaFieldErrors(schema, {}, { name: "" }, fi)).toEqual({ name: "Tämä tieto on pakollinen" });
  });
});

describe("serverFieldErrors", () => {
  const refusal = new ApiError({
    status: 400,
    code: "VALIDATION_ERROR",
    message: "Request validation failed",
    bodyReadable: true,
    details: [
      { field: "body.email", message: "Invalid email" },
      { field: "body.address.postalCode", message: "A Finnish postal code has 5 digits" },
      { field: "body.amountCents", message: "Too small" },
      { field: "body.unknown", message: "x" },
    ],
  });

  it("puts a 400's refused fields on the form's fields by the form's own values", () => {
    const values = { email: "", amount: "", address: { postalCode: "" } };
    expect(serverFieldErrors(refusal, values, "Tarkista", { amountCents: "amount" })).toEqual({
      email: "Tarkista",
      amount: "Tarkista",
      "address.postalCode": "Tarkista",
    });
  });

  it("words a refused field as the form's own check would, from the issue the server names", () => {
    const tooLong = new ApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "Request validation failed",
      bodyReadable: true,
      details: [
        {
          field: "body.name",
          message: "Too big",
          issue: { code: "too_big", origin: "string", maximum: 200 },
        },
        {
          field: "body.lastWorkingDayDate",
          message: "Must not be before 2026-10-15",
          issue: { code: "custom", params: { rule: "LAST_DAY_BEFORE_JOINED", limit: "2026-10-15" } },
        },
        { field: "body.email", message: "Not accepted" },
      ],
    });
    const values = { name: "x", lastWorkingDayDate: "2019-01-01", email: "a@b.fi" };
    expect(
      serverFieldErrors(
        tooLong,
        values,
        "Tarkista",
        {},
        {
          t: fi,
          texts: (issue) => (issue.code === "custom" ? `ennen ${issue.params?.limit}` : undefined),
        },
      ),
    ).toEqual({
      name: "Enintään 200 merkkiä",
      lastWorkingDayDate: "ennen 2026-10-15",
      email: "Tarkista",
    });
  });

  it("answers nothing for other failures", () => {
    expect(serverFieldErrors(new Error("x"), { email: "" }, "Tarkista")).toEqual({});
  });
});

describe("schemaTextLimits", () => {
  it("reads the longest text of each field the contract bounds, through optional and nullable fields", () => {
    expect(schemaTextLimits(zContactFormRequest)).toMatchObject({
      name: 200,
      company: 200,
      email: 320,
      phoneNumber: 40,
      message: 5000,
    });
    const limits = schemaTextLimits(zDecideEmployee);
    expect(limits).toMatchObject({ employeeNumber: 50, costUnit: 50, payRollOther: 100, employerNote: 2000 });
    expect(limits).not.toHaveProperty("unitId");
    expect(limits).not.toHaveProperty("maxPrice");
  });
});

describe("a date outside its plausible span", () => {
  const span = plausibleDateSpan("ABSENCE");
  const says = `Anna päivämäärä väliltä ${span.from.split("-").reverse().join(".")}–${span.to
    .split("-")
    .reverse()
    .join(".")}`;
  const values = { reason: "SICK_LEAVE", startDate: "1900-01-01", endDate: "" };
  // A form's own words for its fields; the span's words still win for a date out of its span.
  const texts = () => "Anna alkamispäivä";

  it("reads the same in the form's own check and in the server's 400", () => {
    const body = { reason: "SICK_LEAVE", startDate: "1900-01-01", endDate: null };
    expect(schemaFieldErrors(zAbsenceInput, body, values, fi, { texts })).toEqual({ startDate: says });
    const refused = new ApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "Request validation failed",
      bodyReadable: true,
      details: [
        {
          field: "body.startDate",
          message: `Must be a date from ${span.from} to ${span.to}`,
          issue: { code: "custom", params: { rule: PLAUSIBLE_DATE_RULE, ...span } },
        },
      ],
    });
    expect(serverFieldErrors(refused, values, "Tarkista", {}, { t: fi, texts })).toEqual({ startDate: says });
  });
});
