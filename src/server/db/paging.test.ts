import { describe, expect, it } from "vitest";
import { likeContains, pageEnvelope, pageOffset, readPage } from "./paging.ts";

describe("paging helpers", () => {
  it("builds the list envelope", () => {
    expect(pageEnvelope(["a"], 41, { page: 3, limit: 20 })).toEqual({
      items: ["a"],
      page: 3,
      limit: 20,
      total: 41,
      totalPages: 3,
      hasNext: false,
      hasPrevious: true,
    });
    expect(pageEnvelope([], 0, { page: 1, limit: 20 })).toMatchObject({
      totalPages: 0,
      hasNext: false,
      hasPrevious: false,
    });
  });

  it("computes the offset of a page", () => {
    expect(pageOffset({ page: 1, limit: 20 })).toBe(0);
    expect(pageOffset({ page: 4, limit: 10 })).toBe(30);
  });

  it("escapes the ILIKE wildcards a user types", () => {
    expect(likeContains("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("reads a page's rows and its total in one statement, counting only past the end", async () => {
    const slices: { limit: number; offset: number }[] = [];
    let counts = 0;
    const list = (rows: { key: string; total: number }[]) => ({
      rows: async (slice: { limit: number; offset: number }) => {
        slices.push(slice);
        return rows;
      },
      items: (found: { key: string }[]) => found.map((row) => row.key),
      countPastEnd: async () => {
        counts++;
        return 25;
      },
    });
    const page = await readPage(
      { page: 2, limit: 10 },
      list([
        { key: "k", total: 25 },
        { key: "l", total: 25 },
      ]),
    );
    expect(slices).toEqual([{ limit: 10, offset: 10 }]);
    expect(page).toEqual(pageEnvelope(["k", "l"], 25, { page: 2, limit: 10 }));
    expect(page.hasNext).toBe(true);
    expect(counts).toBe(0);

    // A page past the end has no row to carry the total: it is counted.
    const past = await readPage({ page: 9, limit: 10 }, list([]));
    expect(past).toEqual(pageEnvelope([], 25, { page: 9, limit: 10 }));
    expect(counts).toBe(1);

    // An empty first page is an empty list: nothing to count.
    const empty = await readPage({ page: 1, limit: 10 }, list([]));
    expect(empty.total).toBe(0);
    expect(counts).toBe(1);
  });
});
