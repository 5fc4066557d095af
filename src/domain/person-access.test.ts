import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressRange } from "./person-access.ts";

describe("addressRange", () => {
  it("keeps an IPv4 address's network, not its host", () => {
    expect(addressRange("192.168.10.77")).toBe("192.168.10.0/24");
    expect(addressRange("::ffff:10.1.2.3")).toBe("10.1.2.0/24");
  });

  it("keeps an IPv6 address's first three groups", () => {
    expect(addressRange("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::/48");
    expect(addressRange("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(addressRange("::1")).toBe("0:0:0::/48");
  });

  it("has nothing to keep for no address or a name", () => {
    expect(addressRange(null)).toBeNull();
    expect(addressRange("")).toBeNull();
    expect(addressRange("localhost")).toBeNull();
  });

  it("never keeps an IPv4 address's last part", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        const range = addressRange(ip) ?? "";
        expect(range.endsWith(".0/24")).toBe(true);
        expect(range.split(".").slice(0, 3)).toEqual(ip.split(".").slice(0, 3));
      }),
    );
  });
});
