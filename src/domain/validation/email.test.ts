import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email.ts";

const atomChar = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-",
);
const atom = fc.string({ unit: atomChar, minLength: 1, maxLength: 10 });
const localPart = fc.array(atom, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join("."));
const labelChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789");
const label = fc
  .tuple(labelChar, fc.string({ unit: fc.constantFrom(..."abcxyz019-"), maxLength: 8 }), labelChar)
  .map(([first, middle, last]) => `${first}${middle}${last}`);
const tld = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 2, maxLength: 6 });
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, top]) => `${labels.join(".")}.${top}`);
const validEmail = fc.tuple(localPart, domain).map(([local, host]) => `${local}@${host}`);

describe("isValidEmail", () => {
  it.each([
    "info@pedaali.fi",
    "matti.meikalainen@yritys.example.com",
    "first+tag@sub.domain.io",
    "o'brien@example.ie",
    "x@a-b.fi",
  ])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ["a leading dot", ".matti@pedaali.fi"],
    ["consecutive dots", "matti..m@pedaali.fi"],
    ["a trailing dot in the local part", "matti.@pedaali.fi"],
    ["no at sign", "matti.pedaali.fi"],
    ["a domain without a dot", "matti@pedaali"],
    ["a one-letter top-level domain", "matti@pedaali.f"],
    ["a numeric top-level domain", "matti@pedaali.12"],
    ["a space", "matti m@pedaali.fi"],
    ["two at signs", "a@b@pedaali.fi"],
    ["a label starting with a hyphen", "matti@-pedaali.fi"],
    ["an empty string", ""],
    ["surrounding whitespace", " info@pedaali.fi "],
  ])("rejects an address with %s", (_case, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("rejects a local part longer than 64 characters", () => {
    expect(isValidEmail(`${"a".repeat(65)}@pedaali.fi`)).toBe(false);
    expect(isValidEmail(`${"a".repeat(64)}@pedaali.fi`)).toBe(true);
  });

  it("accepts every generated valid address", () => {
    fc.assert(fc.property(validEmail, (email) => isValidEmail(email)));
  });

  it("rejects a generated address once '..' is inserted into its local part", () => {
    fc.assert(
      fc.property(validEmail, fc.nat(), (email, n) => {
        const at = email.lastIndexOf("@");
        const i = n % (at + 1);
        return !isValidEmail(`${email.slice(0, i)}..${email.slice(i)}`);
      }),
    );
  });

  it("rejects a generated address once it starts with a dot", () => {
    fc.assert(fc.property(validEmail, (email) => !isValidEmail(`.${email}`)));
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases the address", () => {
    expect(normalizeEmail("  Matti.Meikalainen@Pedaali.FI \n")).toBe("matti.meikalainen@pedaali.fi");
  });

  it("is idempotent and keeps generated valid addresses valid", () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        const once = normalizeEmail(` ${email} `);
        return normalizeEmail(once) === once && isValidEmail(once);
      }),
    );
  });
});
