import { describe, expect, it } from "vitest";
import { LEAKS } from "./checks.ts";

const sql = LEAKS.find((leak) => leak.name === "SQL")?.pattern as RegExp;

describe("the fuzz's SQL leak check", () => {
  it("finds a query in an error's message, its quotes escaped in JSON", () => {
    const body = JSON.stringify({
      message: 'Failed query: select "id", "email" from "users" where "id" = $1',
    });
    expect(sql.test(body)).toBe(true);
  });

  it("does not take a stored injection in one field and the word from in the next for a query", () => {
    const body = JSON.stringify({ reason: "1; SELECT pg_sleep(5)--", note: "a gift from the employer" });
    expect(sql.test(body)).toBe(false);
  });
});
