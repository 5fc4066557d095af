import { describe, expect, it } from "vitest";
import { LOG_REDACTED, requestForLog, urlForLog } from "./request-log.ts";

const TOKEN = "Zq3_kP9-xW2mN8vB4cL7rT1yH6jF5dS0aQ2eU9iO3pG";

describe("a request's URL in the log", () => {
  it("leaves out the token of an API route's link", () => {
    expect(urlForLog(`/api/password-reset/${TOKEN}`, "/api/password-reset/:token")).toBe(
      `/api/password-reset/${LOG_REDACTED}`,
    );
    expect(urlForLog(`/api/store-links/package/${TOKEN}`, "/api/store-links/package/:token")).toBe(
      `/api/store-links/package/${LOG_REDACTED}`,
    );
    expect(urlForLog(`/api/user-preferences/token/${TOKEN}`, "/api/user-preferences/token/:token")).toBe(
      `/api/user-preferences/token/${LOG_REDACTED}`,
    );
  });

  it("leaves out the token of a page's link, with or without a language, a trailing slash or a query", () => {
    expect(urlForLog(`/reset/${TOKEN}`, undefined)).toBe(`/reset/${LOG_REDACTED}`);
    expect(urlForLog(`/sv/liity/${TOKEN}`, undefined)).toBe(`/sv/liity/${LOG_REDACTED}`);
    expect(urlForLog(`/liity/${TOKEN}/?utm=qr`, undefined)).toBe(`/liity/${LOG_REDACTED}/?utm=qr`);
    expect(urlForLog(`/vahvista-sahkoposti/${TOKEN}`, undefined)).toBe(
      `/vahvista-sahkoposti/${LOG_REDACTED}`,
    );
    expect(urlForLog(`/pyoraliike/paketti/${TOKEN}`, undefined)).toBe(`/pyoraliike/paketti/${LOG_REDACTED}`);
    expect(urlForLog(`/runkonumero-ja-toimitus/${TOKEN}`, undefined)).toBe(
      `/runkonumero-ja-toimitus/${LOG_REDACTED}`,
    );
  });

  it("leaves out an identity provider's code and state, whichever route brings them", () => {
    expect(
      urlForLog(
        `/api/identification/callback?code=${TOKEN}&state=${TOKEN}&iss=https%3A%2F%2Fbroker`,
        "/api/identification/callback",
      ),
    ).toBe(
      `/api/identification/callback?code=${LOG_REDACTED}&state=${LOG_REDACTED}&iss=https%3A%2F%2Fbroker`,
    );
    expect(urlForLog(`/api/auth/sso/callback?state=${TOKEN}&code=${TOKEN}`, undefined)).toBe(
      `/api/auth/sso/callback?state=${LOG_REDACTED}&code=${LOG_REDACTED}`,
    );
    // A parameter whose name only ends in one of them is not one of them.
    expect(urlForLog("/api/tax?postcode=00100", undefined)).toBe("/api/tax?postcode=00100");
  });

  it("keeps every other URL as it came, ids and queries included", () => {
    const id = "0b7f2a4e-3c1d-4e5f-8a9b-1c2d3e4f5a6b";
    expect(urlForLog(`/api/orders/${id}`, "/api/orders/:id")).toBe(`/api/orders/${id}`);
    expect(urlForLog("/raportointi?yritys=1&kausi=2026-05", undefined)).toBe(
      "/raportointi?yritys=1&kausi=2026-05",
    );
    expect(urlForLog("/assets/index-BPIIQOqI.js", "/assets/index-BPIIQOqI.js")).toBe(
      "/assets/index-BPIIQOqI.js",
    );
    expect(urlForLog("/no/such/page", undefined)).toBe("/no/such/page");
  });

  it("keeps Fastify's other fields", () => {
    expect(
      requestForLog({
        method: "GET",
        url: `/reset/${TOKEN}`,
        headers: { "accept-version": "1" },
        host: "localhost:3000",
        ip: "127.0.0.1",
        socket: { remotePort: 51234 },
      }),
    ).toEqual({
      method: "GET",
      url: `/reset/${LOG_REDACTED}`,
      version: "1",
      host: "localhost:3000",
      remoteAddress: "127.0.0.1",
      remotePort: 51234,
    });
  });
});
