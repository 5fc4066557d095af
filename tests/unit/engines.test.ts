import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as Lock;

describe("the Node versions we declare", () => {
  const oldest = semver.minVersion(pkg.engines.node)?.version ?? "";

  it("start at Node 20.19, what the machines run", () => {
    expect(oldest).toBe("20.19.0");
  });

  // npm warns EBADENGINE when one of these refuses our oldest Node; a clean install must warn nothing.
  it("are accepted by every installed package", () => {
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({
        path,
        range: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ path, range }) => path !== "" && range && !semver.satisfies(oldest, range))
      .map(({ path, range }) => `${path} wants node ${range}`);
    expect(refusing).toEqual([]);
  });
});
