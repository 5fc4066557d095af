import { describe, expect, it } from "vitest";
import { compareMigrations, migrationJournal } from "./migration-status.ts";

const JOURNAL = [
  { tag: "0000_first", when: 100 },
  { tag: "0001_second", when: 200 },
  { tag: "0002_third", when: 300 },
];

describe("where a database stands against the code's migrations", () => {
  it("counts every migration pending in an empty database", () => {
    expect(compareMigrations(JOURNAL, [])).toEqual({
      applied: 0,
      head: null,
      pending: ["0000_first", "0001_second", "0002_third"],
      unknown: 0,
    });
  });

  it("names the newest applied and the ones generated after it, as drizzle applies them", () => {
    expect(compareMigrations(JOURNAL, [200, 100])).toEqual({
      applied: 2,
      head: "0001_second",
      pending: ["0002_third"],
      unknown: 0,
    });
    expect(compareMigrations(JOURNAL, [100, 200, 300])).toMatchObject({ head: "0002_third", pending: [] });
  });

  it("tells a database a newer release migrated: an applied migration this code does not know", () => {
    expect(compareMigrations(JOURNAL, [100, 200, 300, 400])).toEqual({
      applied: 4,
      head: null,
      pending: [],
      unknown: 1,
    });
  });

  it("reads the code's own journal oldest first", () => {
    const journal = migrationJournal();
    expect(journal[0]?.tag).toBe("0000_initial_schema");
    expect(journal.map((entry) => entry.when)).toEqual(
      [...journal.map((entry) => entry.when)].sort((a, b) => a - b),
    );
  });
});
