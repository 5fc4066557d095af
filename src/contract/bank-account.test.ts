import { describe, expect, it } from "vitest";
import { zBic, zIban } from "./bank-account.ts";

describe("the bank account's fields", () => {
  it("keep an IBAN as typed without its spaces, in capitals, and refuse wrong check digits", () => {
    expect(zIban.parse(" fi90 4055 0012 3456 76 ")).toBe("FI9040550012345676");
    expect(zIban.safeParse("FI90 4055 0012 3456 77").success).toBe(false);
  });

  it("keep a BIC of 8 or 11 letters and digits without its spaces, in capitals, and refuse any other length", () => {
    expect(zBic.parse(" helsfihh ")).toBe("HELSFIHH");
    expect(zBic.parse("OKOY FI HH XXX")).toBe("OKOYFIHHXXX");
    for (const typed of ["HELSFIH", "HELSFIHHXX", "HELSFIHHXXXX", "HELS FI HH XXX X"]) {
      expect(zBic.safeParse(typed).success, typed).toBe(false);
    }
  });
});
