import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../test/fake-api.ts";
import { fetchCompanyVat, INVALID_VAT_MESSAGE, VAT_FETCH_FAILED_MESSAGE } from "./vat-client.ts";

const ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1";
const PATH = `GET /api/companies/${ID}/vat`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchCompanyVat (docs/api-surface.md, docs/product.md 'Errors')", () => {
  it("gives the numeric VAT value", async () => {
    fakeApi({ [PATH]: { status: 200, body: { value: 25.5 } } });
    await expect(fetchCompanyVat(ID)).resolves.toBe(25.5);
  });

  it.each([{ value: "25.5" }, {}, { value: null }, null, "25.5"])(
    "refuses %o as 'Invalid VAT data structure'",
    async (body) => {
      fakeApi({ [PATH]: { status: 200, body } });
      await expect(fetchCompanyVat(ID)).rejects.toThrow(INVALID_VAT_MESSAGE);
    },
  );

  it("passes on the server's message, else says 'Failed to fetch VAT rate'", async () => {
    fakeApi({
      [PATH]: { status: 404, body: { statusCode: 404, code: "NOT_FOUND", message: "Company not found" } },
    });
    await expect(fetchCompanyVat(ID)).rejects.toThrow("Company not found");
    fakeApi({ [PATH]: { status: 502, body: "<html>Bad gateway</html>" } });
    await expect(fetchCompanyVat(ID)).rejects.toThrow(VAT_FETCH_FAILED_MESSAGE);
  });
});
