import type { Db } from "./client.ts";

/**
 * A statement that runs on nearly every request (the session read, the notification bell's poll),
 * built once per database handle with Drizzle's `prepare(name)` and its `sql.placeholder`s: its SQL is
 * not composed again for each call, and PostgreSQL parses and plans it once per connection instead of
 * once per request. The statements of one handle are kept as long as the handle is.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
