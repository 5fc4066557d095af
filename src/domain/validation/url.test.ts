import { describe, expect, it } from "vitest";
import { isValidWebsiteUrl } from "./url.ts";

describe("isValidWebsiteUrl", () => {
  it.each([
    "https://pedaali.fi",
    "http://pedaali.fi",
    "https://www.pedaali.fi",
    "www.pedaali.fi",
    "HTTPS://WWW.PEDAALI.FI",
    "https://kauppa.pyora-liike.fi/tuotteet?sivu=2#alku",
    "https://pedaali.fi:8443/",
    "https://example.museum",
  ])("accepts %s", (url) => {
    expect(isValidWebsiteUrl(url)).toBe(true);
  });

  it.each([
    ["no scheme and no www", "pedaali.fi"],
    ["another scheme", "ftp://pedaali.fi"],
    ["a missing top-level domain", "https://pedaali"],
    ["a one-letter top-level domain", "https://pedaali.f"],
    ["a seven-letter top-level domain", "https://pedaali.abcdefg"],
    ["a numeric top-level domain", "https://10.0.0.1"],
    ["a space in the host", "https://peda ali.fi"],
    ["a scheme without slashes", "https:pedaali.fi"],
    ["an empty string", ""],
  ])("rejects a URL with %s", (_case, url) => {
    expect(isValidWebsiteUrl(url)).toBe(false);
  });
});
