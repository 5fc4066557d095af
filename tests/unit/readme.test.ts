import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_DOCS } from "../../src/server/config.ts";

const readme = readFileSync("README.md", "utf8");

describe("the README", () => {
  it("documents every configuration variable the server reads, with its default and meaning", () => {
    for (const { name, defaultValue, doc } of CONFIG_DOCS) {
      expect(readme, name).toContain(`| \`${name}\` | ${defaultValue} | ${doc} |`);
    }
  });

  it("starts with the two set-up commands", () => {
    expect(readme).toMatch(/npm install\nnpm start/);
  });
});
