/**
 * Runs `work`, calling `made` once for each Zod schema made meanwhile: Zod calls its global
 * post-processor once for every schema it makes. For the tests that hold a browser's modules to making
 * no schema as they load (decision 025).
 */
export async function onEachSchemaMade(
  made: () => void,
  work: () => Promise<unknown> | unknown,
): Promise<void> {
  const global = globalThis as { __zod_globalConfig?: { postProcessor?: () => void } };
  const config = global.__zod_globalConfig;
  global.__zod_globalConfig = { ...config, postProcessor: made };
  try {
    await work();
  } finally {
    global.__zod_globalConfig = config;
  }
}
