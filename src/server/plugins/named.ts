const DISPLAY_NAME = Symbol.for("fastify.display-name");

/**
 * The plugin with its name where Fastify reads it first. A plugin without one is looked for, at each
 * register, among every loaded CommonJS module (two passes over require.cache: about 1,900 modules in a
 * test worker, fewer in the built server) before Fastify takes the function's own name. For the API's
 * fifty route plugins that was about 90 ms of each build of the app, which every API test file pays.
 */
export function named<T extends { name: string }>(plugin: T, name: string = plugin.name): T {
  Object.defineProperty(plugin, DISPLAY_NAME, { value: name, configurable: true });
  return plugin;
}
