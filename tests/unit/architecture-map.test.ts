import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md is the map a newcomer finds their way by: every folder of src is on it, and every
 * path it names exists, so a folder added without a line, or a file renamed under the map, fails here.
 */
const map = readFileSync("docs/architecture.md", "utf8");

function folders(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((entry) => `${root}/${entry}`)
    .filter((path) => statSync(path).isDirectory())
    .concat(root)
    .sort();
}

describe("the architecture map", () => {
  it("lists every folder of src", () => {
    const missing = folders("src").filter((folder) => !map.includes(`${folder}/`));
    expect(missing).toEqual([]);
  });

  it("names only paths that exist", () => {
    const named = [...map.matchAll(/(?<![\w/.-])((?:src|tests|scripts|docs)\/[\w./<>*-]*[\w/])/g)].map(
      (m) => m[1] as string,
    );
    const concrete = named.filter((path) => !/[<>*]/.test(path));
    const stale = [...new Set(concrete)].filter((path) => !existsSync(path.replace(/\/$/, "")));
    expect(stale).toEqual([]);
  });
});
