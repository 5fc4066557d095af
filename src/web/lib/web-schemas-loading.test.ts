import { describe, expect, it } from "vitest";
import { onEachSchemaMade } from "../test/schemas-made.ts";

/**
 * The web app's own modules make no Zod schema as they load, as the contract's do not
 * (contract-loading.test.ts, decision 025): a schema or a text limit read from one at a module's top
 * level was made as the area's code loaded, on every first page of the area. The employer's first page
 * made the settings' SFTP limits and the payroll template's so, 100 ms of a phone's main thread.
 * A limit is read on first use (`onFirstUse`), a schema of the web's own is `lazy`.
 */
describe("the web app's modules", () => {
  it("make no schema as they load", async () => {
    // Each module run afresh (the query); what it imports may be taken from an earlier one. A schema is
    // named by the module that made it: the innermost of the web app's frames, past the form helpers'.
    const modules = Object.values(
      import.meta.glob(
        [
          "../**/*.{ts,tsx}",
          "!../**/*.test.{ts,tsx}",
          "!../test/**",
          // The entries start the app as they load.
          "!../main.tsx",
          "!../public-main.tsx",
          "!../entry-server.tsx",
        ],
        { query: "?loading" },
      ),
    );
    expect(modules.length).toBeGreaterThan(300);
    const makers = new Set<string>();
    const stackLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    try {
      await onEachSchemaMade(
        () => {
          const frames = new Error().stack?.match(/src\/web\/[\w/.-]+\.tsx?(?=[?:])/g) ?? [];
          const helpers = /(lib\/contract-form|test\/schemas-made)\.ts$|web-schemas-loading\.test\.ts$/;
          makers.add(frames.find((frame) => !helpers.test(frame)) ?? "?");
        },
        async () => {
          for (const load of modules) await load();
        },
      );
    } finally {
      Error.stackTraceLimit = stackLimit;
    }
    expect([...makers]).toEqual([]);
  }, 60_000);
});
