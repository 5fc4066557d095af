/**
 * Zod compiles its object parsers with `new Function` when the page allows it, and probes that by trying
 * once. Our Content-Security-Policy allows no eval, so the probe only makes the browser report a policy
 * violation on every page with a form (Lighthouse's best practices count it). Zod reads this global
 * setting (its `z.config`) when the contract's schemas are made, which is in the lazy chunks after the
 * entry has run, so setting it here keeps Zod itself out of the entry.
 */
type ZodGlobalConfig = { jitless?: boolean };
const scope = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
