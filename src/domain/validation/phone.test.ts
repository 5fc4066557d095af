import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  internationalPhoneNumber,
  isValidPhoneNumber,
  normalizePhoneNumber,
  samePhoneNumber,
  UNSUPPORTED_PHONE_NUMBER_MESSAGE,
} from "./phone.ts";

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
const validPhone = fc.oneof(
  digits(6, 14).map((d) => `+358${d}`),
  digits(6, 14).map((d) => `0${d}`),
);
const mobileWithoutZero = fc
  .tuple(fc.constantFrom("4", "5"), digits(7, 13))
  .map(([first, rest]) => `${first}${rest}`);
const anyInput = fc.oneof(validPhone, mobileWithoutZero, fc.string({ maxLength: 20 }));
const whitespace = fc.string({
  unit: fc.constantFrom(" ", "\t", "\u00a0", "\n"),
  minLength: 1,
  maxLength: 3,
});

function sprinkle(value: string, spaces: string[], positions: number[]): string {
  let out = value;
  for (const [i, space] of spaces.entries()) {
    const at = (positions[i] ?? 0) % (out.length + 1);
    out = `${out.slice(0, at)}${space}${out.slice(at)}`;
  }
  return out;
}

function normalizeOrError(value: string): string {
  try {
    return normalizePhoneNumber(value);
  } catch (error) {
    return `error:${(error as Error).message}`;
  }
}

describe("isValidPhoneNumber", () => {
  it.each(["+358401234567", "0401234567", "0912345", "+358123456", `0${"1".repeat(14)}`])(
    "accepts %s",
    (p) => {
      expect(isValidPhoneNumber(p)).toBe(true);
    },
  );

  it.each([
    "401234567",
    "+35812345",
    "012345",
    `0${"1".repeat(15)}`,
    "+46701234567",
    "040 123 4567",
    "040-1234567",
    "",
  ])("rejects %s", (p) => {
    expect(isValidPhoneNumber(p)).toBe(false);
  });
});

describe("normalizePhoneNumber", () => {
  it("removes whitespace and keeps a leading +358 or 0", () => {
    expect(normalizePhoneNumber(" +358 40 123 4567 ")).toBe("+358401234567");
    expect(normalizePhoneNumber("040 123 4567")).toBe("0401234567");
  });

  it("adds the missing 0 to a mobile number of 8 to 14 digits starting with 4 or 5", () => {
    expect(normalizePhoneNumber("40 123 4567")).toBe("0401234567");
    expect(normalizePhoneNumber("50123456")).toBe("050123456");
    expect(normalizePhoneNumber(`4${"2".repeat(13)}`)).toBe(`04${"2".repeat(13)}`);
  });

  it.each(["4012345", `4${"2".repeat(14)}`, "61234567", "+46701234567", "040-1234567", "", "abc"])(
    "throws 'Unsupported phone number format' for %j",
    (input) => {
      expect(() => normalizePhoneNumber(input)).toThrowError(new Error(UNSUPPORTED_PHONE_NUMBER_MESSAGE));
    },
  );

  it("exports the exact message of the spec", () => {
    expect(UNSUPPORTED_PHONE_NUMBER_MESSAGE).toBe("Unsupported phone number format");
  });

  it("always returns a valid number", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = normalizeOrError(input);
        return result.startsWith("error:") || isValidPhoneNumber(result);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(validPhone, mobileWithoutZero), (input) => {
        const once = normalizePhoneNumber(input);
        return normalizePhoneNumber(once) === once;
      }),
    );
  });

  it("gives the same result wherever whitespace is inserted", () => {
    fc.assert(
      fc.property(
        anyInput,
        fc.array(whitespace, { maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        (input, spaces, positions) =>
          normalizeOrError(sprinkle(input, spaces, positions)) ===
          normalizeOrError(input.replace(/\s+/g, "")),
      ),
    );
  });
});

describe("internationalPhoneNumber", () => {
  it("turns the trunk 0 into +358 and keeps +358 as it is", () => {
    expect(internationalPhoneNumber("0401234567")).toBe("+358401234567");
    expect(internationalPhoneNumber("+358401234567")).toBe("+358401234567");
    expect(internationalPhoneNumber("0912345")).toBe("+358912345");
  });

  it("gives every valid stored number an international +358 form", () => {
    fc.assert(
      fc.property(validPhone, (stored) => {
        const international = internationalPhoneNumber(normalizePhoneNumber(stored));
        expect(international).toMatch(/^\+358\d{6,14}$/);
        expect(samePhoneNumber(stored, international)).toBe(true);
      }),
    );
  });
});

describe("samePhoneNumber", () => {
  it("takes the trunk 0 and +358 for the same number", () => {
    expect(samePhoneNumber("0401234567", "+358401234567")).toBe(true);
    expect(samePhoneNumber("+358401234567", "0401234567")).toBe(true);
    expect(samePhoneNumber("0401234567", "0401234567")).toBe(true);
  });

  it("tells different numbers and a missing number apart", () => {
    expect(samePhoneNumber("0401234567", "0401234568")).toBe(false);
    expect(samePhoneNumber("0401234567", "+46401234567")).toBe(false);
    expect(samePhoneNumber("+3580401234567", "0401234567")).toBe(false);
    expect(samePhoneNumber(null, "0401234567")).toBe(false);
    expect(samePhoneNumber("0401234567", null)).toBe(false);
  });

  it("agrees for every number typed either way", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{5,13}$/), (digits) => {
        expect(samePhoneNumber(`0${digits}`, `+358${digits}`)).toBe(true);
        expect(samePhoneNumber(normalizePhoneNumber(`0${digits}`), `+358${digits}`)).toBe(true);
      }),
    );
  });
});
