import { readdirSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The rules and the contract load on every page, the public ones included. A date or number format or a
 * collator made as a module loads costs a page's start the browser's loading of its locale data (10–25 ms
 * on a laptop, four times that on a phone, for the first of them), also on pages that show no date, so
 * they are made on first use (src/domain/first-use.ts).
 */
const modules = ["src/domain", "src/contract"].flatMap((dir) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => `${dir}/${f}`)
    .sort(),
);

const realIntl = globalThis.Intl;
afterEach(() => {
  globalThis.Intl = realIntl;
});

/** Intl that notes each date or number format and collator made: which, and the module that made it. */
function countingIntl(made: string[]): typeof Intl {
  const counted = <C extends new (...args: never[]) => object>(name: string, Real: C): C =>
    new Proxy(Real, {
      construct(target, args, newTarget) {
        const maker = new Error().stack?.match(/src\/(?:domain|contract)\/[\w/.-]+\.ts/)?.[0];
        made.push(maker ? `${name} in ${maker}` : name);
        return Reflect.construct(target, args, newTarget);
      },
    });
  const replaced: Record<string | symbol, unknown> = {
    DateTimeFormat: counted("DateTimeFormat", realIntl.DateTimeFormat),
    NumberFormat: counted("NumberFormat", realIntl.NumberFormat),
    Collator: counted("Collator", realIntl.Collator),
  };
  return new Proxy(realIntl, {
    get: (target, key) => (key in replaced ? replaced[key] : Reflect.get(target, key)),
  });
}

describe("no date or number format or collator is made as a module loads", () => {
  it("finds the modules", () => {
    expect(modules).toContain("src/domain/dates.ts");
    expect(modules.length).toBeGreaterThan(100);
  });

  it("in the rules and the contract", async () => {
    const made: string[] = [];
    globalThis.Intl = countingIntl(made);
    vi.resetModules();
    for (const file of modules) await import(`../../${file}`);
    expect(made).toEqual([]);
  });

  it("notes every format made, naming the module of the rules that made it", async () => {
    const made: string[] = [];
    globalThis.Intl = countingIntl(made);
    new Intl.DateTimeFormat("fi-FI");
    vi.resetModules();
    const dates = await import("../../src/domain/dates.ts");
    // Before 1996 the Helsinki time comes from Intl (dates.ts); from 1996 on from the EU's rule.
    dates.toHelsinkiDateString(new Date("2026-11-29T12:00:00Z"));
    expect(made).toEqual(["DateTimeFormat"]);
    dates.toHelsinkiDateString(new Date("1990-11-29T12:00:00Z"));
    expect(made).toEqual(["DateTimeFormat", "DateTimeFormat in src/domain/dates.ts"]);
  });
});
