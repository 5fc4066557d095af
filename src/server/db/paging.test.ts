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

  it("reads a page's rows with the page's limit and offset, counted by the same list", async () => {
    const slices: { limit: number; offset: number }[] = [];
    const page = await readPage(
      { page: 2, limit: 10 },
      async () => 25,
      async (slice) => {
        slices.push(slice);
        return ["k", "l"];
      },
    );
    expect(slices).toEqual([{ limit: 10, offset: 10 }]);
    expect(page).toEqual(pageEnvelope(["k", "l"], 25, { page: 2, limit: 10 }));
    expect(page.hasNext).toBe(true);
  });
});
