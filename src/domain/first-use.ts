/**
 * A value made the first time it is asked for, then kept. For the browser's date, number and text-order
 * objects (Intl): making the first of them costs a page some 10–25 ms of loading the browser's locale
 * data (four times that on a phone), which a module that made it as it loaded would charge every page
 * that loads the module, whether it shows a date or not (tests/unit/formats-made-on-use.test.ts).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
