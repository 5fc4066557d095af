import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BIKE_BROKERAGE_ERRORS,
  BIKE_BROKERAGE_NETWORK_ERRORS,
  brokerageApi,
} from "../../../../../contract/bike-brokerage.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { brokerageCall } from "./brokerage-api.ts";

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

const CALLS = [
  ["fetch", "GET", "Failed to fetch bike brokerages", "Network error while fetching bike brokerage"],
  ["create", "POST", "Failed to create bike brokerage", "Network error while creating bike brokerage"],
  ["update", "PUT", "Failed to update bike brokerage", "Network error while updating bike brokerage"],
  ["delete", "DELETE", "Failed to delete bike brokerage", "Network error while deleting bike brokerage"],
] as const;

const BIKE_ID = "b2b2b2b2-b2b2-4b2b-8b2b-b2b2b2b2b2b2";

/** A call of the contract with the given method (what it sends does not matter: the answer fails). */
function callWith(call: (typeof CALLS)[number][0], method: (typeof CALLS)[number][1]) {
  const params = { id: BIKE_ID };
  if (method === "GET") return brokerageCall(call, brokerageApi.list, {});
  if (method === "PUT") return brokerageCall(call, brokerageApi.update, { params, body: {} });
  if (method === "DELETE") return brokerageCall(call, brokerageApi.remove, { params });
  return brokerageCall(call, brokerageApi.create, { body: { listed: false } });
}

async function failure(
  call: (typeof CALLS)[number][0],
  method: (typeof CALLS)[number][1],
): Promise<ApiError> {
  const error = await callWith(call, method).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("a bike brokerage call that fails (docs/product.md 'Errors')", () => {
  it("spells the texts as docs/product.md 'Errors' does", () => {
    expect(CALLS.map(([call]) => BIKE_BROKERAGE_ERRORS[call])).toEqual(CALLS.map(([, , text]) => text));
    expect(CALLS.map(([call]) => BIKE_BROKERAGE_NETWORK_ERRORS[call])).toEqual(
      CALLS.map(([, , , text]) => text),
    );
  });

  for (const [call, method, failed, network] of CALLS) {
    it(`${call}: says '${network}' when no answer came`, async () => {
      fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
      const error = await failure(call, method);
      expect(error.status).toBe(0);
      expect(error.message).toBe(network);
    });

    it(`${call}: says '${failed}' with the HTTP status when the answer had no error of ours`, async () => {
      fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
      const error = await failure(call, method);
      expect(error.status).toBe(502);
      expect(error.message).toBe(failed);
    });
  }

  it("keeps the server's own error: its status, code and message", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        {
          statusCode: 409,
          code: "BROKERAGE_IN_USE",
          message: "1 inquiries name the bike; withdraw it instead",
        },
        { status: 409 },
      ),
    );
    const error = await failure("delete", "DELETE");
    expect(error).toMatchObject({
      status: 409,
      code: "BROKERAGE_IN_USE",
      message: "1 inquiries name the bike; withdraw it instead",
    });
  });
});
