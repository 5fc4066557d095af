import { describe, expect, it } from "vitest";
import { describeDevice, maskIpAddress } from "./devices.ts";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  firefoxLinux: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  operaMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  firefoxIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

describe("describeDevice", () => {
  it("names the browser and the operating system of common user agents", () => {
    expect(describeDevice(UA.chromeWindows)).toBe("Chrome, Windows");
    expect(describeDevice(UA.edgeWindows)).toBe("Edge, Windows");
    expect(describeDevice(UA.firefoxLinux)).toBe("Firefox, Linux");
    expect(describeDevice(UA.safariIphone)).toBe("Safari, iOS");
    expect(describeDevice(UA.chromeIphone)).toBe("Chrome, iOS");
    expect(describeDevice(UA.safariMac)).toBe("Safari, macOS");
    expect(describeDevice(UA.samsungAndroid)).toBe("Samsung Internet, Android");
    expect(describeDevice(UA.chromeAndroid)).toBe("Chrome, Android");
    expect(describeDevice(UA.operaMac)).toBe("Opera, macOS");
    expect(describeDevice(UA.firefoxIpad)).toBe("Firefox, iPadOS");
    expect(describeDevice(UA.chromebook)).toBe("Chrome, ChromeOS");
  });

  it("says what it could read, and nothing for what names neither a browser nor a system", () => {
    expect(describeDevice("SomeApp/1.0 (Windows NT 10.0)")).toBe("Windows");
    expect(describeDevice("Firefox/133.0")).toBe("Firefox");
    expect(describeDevice("curl/8.5.0")).toBeNull();
    expect(describeDevice("lightMyRequest")).toBeNull();
    expect(describeDevice("")).toBeNull();
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice(undefined)).toBeNull();
  });
});

describe("maskIpAddress", () => {
  it("hides the last part of an IPv4 address", () => {
    expect(maskIpAddress("192.168.1.27")).toBe("192.168.1.x");
    expect(maskIpAddress("10.0.0.1")).toBe("10.0.0.x");
    expect(maskIpAddress(" 85.76.12.200 ")).toBe("85.76.12.x");
  });

  it("shows an IPv4 address written as IPv6 as IPv4", () => {
    expect(maskIpAddress("::ffff:192.168.1.27")).toBe("192.168.1.x");
    expect(maskIpAddress("::FFFF:10.1.2.3")).toBe("10.1.2.x");
  });

  it("shows an IPv6 address as its /48, however it is written", () => {
    expect(maskIpAddress("2001:0db8:85a3:0000:0000:8a2e:0370:7334")).toBe("2001:db8:85a3::/48");
    expect(maskIpAddress("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3::/48");
    expect(maskIpAddress("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(maskIpAddress("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(maskIpAddress("::1")).toBe("0:0:0::/48");
  });

  it("never answers the address itself, and nothing for what is not an address", () => {
    const full = "2001:db8:85a3:1:2:8a2e:370:7334";
    expect(maskIpAddress(full)).not.toContain("7334");
    expect(maskIpAddress("192.168.1.256")).toBeNull();
    expect(maskIpAddress("1.2.3")).toBeNull();
    expect(maskIpAddress("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(maskIpAddress("1::2::3")).toBeNull();
    expect(maskIpAddress("2001:db8:zz::1")).toBeNull();
    expect(maskIpAddress("localhost")).toBeNull();
    expect(maskIpAddress("")).toBeNull();
    expect(maskIpAddress(null)).toBeNull();
  });
});
