import { describe, expect, it } from "vitest";
import { onEachSchemaMade } from "../test/schemas-made.ts";

/** Counts the Zod schemas made while `work` runs. */
async function schemasMadeBy(work: () => Promise<unknown> | unknown): Promise<number> {
  let made = 0;
  await onEachSchemaMade(() => made++, work);
  return made;
}

describe("the contract's modules in a browser", () => {
  it("make no schema as they load: a page makes those it reads", async () => {
    // Each module run afresh (its own copy, by the query), not taken from those another test file of this
    // worker loaded; what it imports may be taken, and is counted as its own module.
    const modules = Object.entries(
      import.meta.glob(["../../contract/*.ts", "!../../contract/*.test.ts"], { query: "?fresh" }),
    );
    expect(modules.length).toBeGreaterThan(60);
    const making: string[] = [];
    for (const [module, load] of modules) {
      const made = await schemasMadeBy(load);
      if (made > 0) making.push(`${module} (${made})`);
    }
    expect(making).toEqual([]);
  });

  it("make a schema when a page reads it", async () => {
    const [load] = Object.values(
      import.meta.glob<typeof import("../../contract/orders.ts")>("../../contract/orders.ts", {
        query: "?read",
      }),
    );
    const { ordersApi } = await (load as NonNullable<typeof load>)();
    expect(await schemasMadeBy(() => ordersApi.list.response)).toBeGreaterThan(0);
  });
});
