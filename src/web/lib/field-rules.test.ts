import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { fieldRules, optionalThen, requiredThen } from "./field-rules.ts";

/** Answers the key itself, so the tests see which text a rule chose. */
const t = ((key: string) => key) as unknown as TFunction;
const rules = fieldRules(t);

describe("field rules: an empty required field says it is required", () => {
  it("says an empty or blank e-mail is required and a malformed one is malformed", () => {
    expect(rules.email("", {})).toBe("forms.emailRequired");
    expect(rules.email("   ", {})).toBe("forms.emailRequired");
    expect(rules.email("aino..virtanen@example.fi", {})).toBe("forms.emailInvalid");
    expect(rules.email(" Aino.Virtanen@Example.fi ", {})).toBeNull();
  });

  it("says an empty phone number is required and an unsupported one is unsupported", () => {
    expect(rules.phone("", {})).toBe("forms.phoneRequired");
    expect(rules.phone("12", {})).toBe("errors.UNSUPPORTED_PHONE_NUMBER");
    expect(rules.phone("040 123 4567", {})).toBeNull();
    expect(rules.optionalPhone("", {})).toBeNull();
    expect(rules.optionalPhone("12", {})).toBe("errors.UNSUPPORTED_PHONE_NUMBER");
  });

  it("checks a password only once something is typed, with the form's values", () => {
    const password = rules.password<{ email: string }>((value, values) =>
      value.includes(values.email) ? "contains e-mail" : null,
    );
    expect(password("", { email: "aino" })).toBe("forms.passwordRequired");
    expect(password("aino-salasana", { email: "aino" })).toBe("contains e-mail");
    expect(password("hyvä salasana", { email: "aino" })).toBeNull();
  });

  it("composes any field's check the same way", () => {
    const postalCode = rules.required((v) => (/^\d{5}$/.test(v) ? null : "five digits"));
    expect(postalCode(" ", {})).toBe("forms.required");
    expect(postalCode("123", {})).toBe("five digits");
    expect(postalCode("00100", {})).toBeNull();
    expect(rules.required()("", {})).toBe("forms.required");
    expect(rules.required()("x", {})).toBeNull();
    expect(requiredThen("Anna nimi")("", {})).toBe("Anna nimi");
    expect(optionalThen(() => "bad")("", {})).toBeNull();
  });
});
