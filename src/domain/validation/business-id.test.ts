import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  businessIdCheckDigit,
  businessIdProblem,
  isValidBusinessId,
  vatIdFromBusinessId,
} from "./business-id.ts";

const body = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 7, maxLength: 7 });

describe("isValidBusinessId", () => {
  it("accepts the product's own business ID 3401234-1", () => {
    expect(isValidBusinessId("3401234-1")).toBe(true);
    expect(businessIdCheckDigit("3401234")).toBe(1);
  });

  it.each(["0112038-9", "1572860-0", "0737546-2"])("accepts the real business ID %s", (id) => {
    expect(isValidBusinessId(id)).toBe(true);
  });

  it.each(["3401234-2", "34012341", "340123-41", "3401234-", "340123-1", "A401234-1", " 3401234-1", ""])(
    "rejects %j",
    (id) => {
      expect(isValidBusinessId(id)).toBe(false);
    },
  );

  it("gives no check digit when the remainder is 1", () => {
    // 0000006: 6 × 2 = 12 and 12 mod 11 = 1, so no business ID has this body.
    expect(businessIdCheckDigit("0000006")).toBeNull();
    for (let d = 0; d <= 9; d++) expect(isValidBusinessId(`0000006-${d}`)).toBe(false);
  });

  it("gives 0 when the remainder is 0", () => {
    expect(businessIdCheckDigit("0000000")).toBe(0);
    expect(isValidBusinessId("0000000-0")).toBe(true);
  });

  it("validates every body with its computed check digit", () => {
    fc.assert(
      fc.property(body, (b) => {
        const check = businessIdCheckDigit(b);
        return check === null || isValidBusinessId(`${b}-${check}`);
      }),
    );
  });

  it("rejects every other check digit", () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 9 }), (b, digit) => {
        fc.pre(businessIdCheckDigit(b) !== digit);
        return !isValidBusinessId(`${b}-${digit}`);
      }),
    );
  });

  it("throws when the body is not seven digits", () => {
    expect(() => businessIdCheckDigit("123456")).toThrow();
  });
});

describe("vatIdFromBusinessId", () => {
  it("prefixes FI and drops the hyphen", () => {
    expect(vatIdFromBusinessId("3401234-1")).toBe("FI34012341");
  });

  it("throws for an invalid business ID", () => {
    expect(() => vatIdFromBusinessId("3401234-2")).toThrow("Invalid business ID");
  });
});

describe("businessIdProblem", () => {
  it("names the format when the hyphen or a digit is missing, the check digit when only it is wrong", () => {
    expect(businessIdProblem("29800052")).toBe("FORMAT");
    expect(businessIdProblem("298005-2")).toBe("FORMAT");
    expect(businessIdProblem("2980005-3")).toBe("CHECK_DIGIT");
    expect(businessIdProblem("2980005-2")).toBeNull();
  });
});
