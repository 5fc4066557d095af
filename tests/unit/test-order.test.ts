import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The tests of one API file share its database, so a test that leans on what an earlier one left
// behind passes only in the order written. Running them shuffled in every run finds such a test the
// day it is written; the printed seed replays the order.
describe("the suites run the tests of each file in a random order", () => {
  it("npm test shuffles", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts["test:unit"]).toMatch(/--sequence\.shuffle(\.tests)?(\s|$)/);
  });

  it("npm run test:pg shuffles", () => {
    expect(readFileSync("scripts/test-pg.mjs", "utf8")).toMatch(/"--sequence\.shuffle(\.tests)?"/);
  });
});
