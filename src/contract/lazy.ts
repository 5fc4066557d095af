import { onFirstUse } from "../domain/first-use.ts";

/**
 * A value of the contract (a schema, an object of fields, a module's table of endpoints) that a browser
 * makes the first time something reads it, not when its module is loaded.
 *
 * Why: a Zod schema costs its making, about 10 µs on a laptop and four times that on a phone, and the
 * contract holds over 5,000 of them (every `.optional()` and `.max()` makes one). A signed-in page's code
 * loaded 3,000–4,100 of them before its first render, in one task of 150–260 ms of a phone's main
 * thread, while its first view reads a few hundred: the answers it checks and the forms it shows.
 *
 * Elsewhere (the server, Node's tests, the prerender) the value is made at once: the server registers
 * every route's schemas as it starts, so waiting would save it nothing, and its OpenAPI document is
 * generated from them by identity, which a stand-in and the schema behind it would split in two.
 */
export const lazy: <T extends object>(make: () => T) => T =
  typeof document === "undefined" ? (make) => make() : madeOnFirstRead;

/**
 * A stand-in for what `make` answers, made on the first read, once. It answers every way the web reads
 * a contract value as the value itself: its properties and methods (a method runs on the made value),
 * `in`, `Object.keys` and spread (`...zFields.shape`), and its prototype (`instanceof`).
 */
export function madeOnFirstRead<T extends object>(make: () => T): T {
  const made = onFirstUse(make);
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(made(), key),
    set: (_, key, newValue) => Reflect.set(made(), key, newValue),
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    // Reported configurable: a proxy may not call a property fixed that its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(made(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(made(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(made()),
  });
}
