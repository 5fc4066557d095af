import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { endpointUrl } from "../../../../../contract/endpoint.ts";
import { USER_PAYMENTS_FETCH_ERROR, userPaymentsApi } from "../../../../../contract/user-payments.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { fetchUserPayments, paymentFilterOf, paymentQuery } from "./payments-api.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => {
  vi.stubGlobal("fetch", fetchMock);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  fetchMock.mockReset();
});

async function failure(): Promise<ApiError> {
  const error = await fetchUserPayments({}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the user payments list call that fails (docs/product.md 'Errors')", () => {
  it("rejects with 'Error fetching user payments' when no answer came", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await failure();
    expect(error.message).toBe(USER_PAYMENTS_FETCH_ERROR);
    expect(error.message).toBe("Error fetching user payments");
  });

  it("rejects with the HTTP status and 'Error fetching user payments' when the answer had no error of ours", async () => {
    fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await failure();
    expect(error.status).toBe(502);
    expect(error.message).toBe(USER_PAYMENTS_FETCH_ERROR);
  });

  it("keeps the server's own error: its status, code and message", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { statusCode: 400, code: "VALIDATION_ERROR", message: "createdTo: Must not be before createdFrom" },
        { status: 400 },
      ),
    );
    expect(await failure()).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "createdTo: Must not be before createdFrom",
    });
  });
});

describe("the list's filters from the address", () => {
  it("takes the API's names and page 1 of 10 unless told", () => {
    const filter = paymentFilterOf(new URLSearchParams("searchTerm=+Aino+&paidFrom=2026-03-01&page=3"));
    expect(filter).toMatchObject({ searchTerm: "Aino", paidFrom: "2026-03-01", page: 3 });
    expect(endpointUrl(userPaymentsApi.list, { query: paymentQuery(filter) })).toBe(
      "/api/user-payment/optimized?page=3&pageSize=10&searchTerm=Aino&paidFrom=2026-03-01",
    );
  });

  it("leaves out what the API would refuse: dates that are not, ends before starts, other flags, bad pages", () => {
    const filter = paymentFilterOf(
      new URLSearchParams(
        "createdFrom=2026-02-30&createdTo=2026-02-01&sentFrom=2026-03-10&sentTo=2026-03-09&isUserPaymentDone=yes&page=-1",
      ),
    );
    expect(filter).toMatchObject({
      createdFrom: "",
      createdTo: "2026-02-01",
      sentFrom: "2026-03-10",
      sentTo: "",
      isUserPaymentDone: "",
      page: 1,
    });
  });
});
