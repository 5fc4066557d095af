import { describe, expect, it } from "vitest";
import { csvFileName } from "./csv.ts";

describe("the report CSV file", () => {
  it("names the file by the section and the date range", () => {
    expect(csvFileName("tilaukset", "2025-11-01", "2026-11-22")).toBe("tilaukset_2025-11-01_2026-11-22.csv");
  });
});
