import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./sftp.ts";

describe("a payroll SFTP server's address", () => {
  it("is private in loopback, the RFC 1918 ranges, link-local, shared and benchmark space, multicast and beyond", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "172.31.255.255",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "198.18.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
    ]) {
      expect(isPrivateAddress(address, 4), address).toBe(true);
    }
    for (const address of [
      "::1",
      "::",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isPrivateAddress(address, 6), address).toBe(true);
    }
  });

  it("is public elsewhere", () => {
    for (const address of ["195.148.124.1", "172.32.0.1", "8.8.8.8", "100.128.0.1"]) {
      expect(isPrivateAddress(address, 4), address).toBe(false);
    }
    for (const address of ["2a00:1450:4026:808::200e", "::ffff:195.148.124.1"]) {
      expect(isPrivateAddress(address, 6), address).toBe(false);
    }
  });
});
