import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BIKE_REDEMPTION_CREATED,
  BIKE_REDEMPTION_DELETED,
  BIKE_REDEMPTION_UPDATED,
  redemptionsApi,
} from "../../../../../contract/bike-redemptions.ts";
import { endpointUrl } from "../../../../../contract/endpoint.ts";
import { REDEMPTION_OFFER_UPLOADED } from "../../../../../contract/redemption-offers.ts";
import { i18n } from "../../../../i18n/i18n.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { loadTexts } from "../../../../test/render-ui.tsx";
import {
  BIKE_REDEMPTION_ERRORS,
  type BikeRedemptionCall,
  redemptionCall,
  redemptionFilterOf,
  redemptionQuery,
  savedMessage,
} from "./redemptions-api.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await loadTexts("en");
  await loadTexts("fi");
  vi.stubGlobal("fetch", fetchMock);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  fetchMock.mockReset();
});

const CALLS: readonly [BikeRedemptionCall, "GET" | "POST" | "PUT" | "DELETE", string][] = [
  ["list", "GET", "Failed to fetch bike redemptions"],
  ["fetch", "GET", "Failed to fetch bike redemption"],
  ["create", "POST", "Failed to create bike redemption"],
  ["update", "PUT", "Failed to update bike redemption"],
  ["delete", "DELETE", "Failed to delete bike redemption"],
  ["upload", "POST", "Failed to upload redemption offer"],
];

const CASE_ID = "b1b1b1b1-b1b1-4b1b-8b1b-b1b1b1b1b1b1";

/** A call of the contract with the given method (what it sends does not matter: the answer fails). */
function callWith(call: BikeRedemptionCall, method: string) {
  const params = { id: CASE_ID };
  if (method === "GET") return redemptionCall(call, redemptionsApi.list, {});
  if (method === "PUT") return redemptionCall(call, redemptionsApi.update, { params, body: { note: null } });
  if (method === "DELETE") return redemptionCall(call, redemptionsApi.cancel, { params });
  return redemptionCall(call, redemptionsApi.complete, { params });
}

async function failure(call: BikeRedemptionCall, method: string): Promise<ApiError> {
  const error = await callWith(call, method).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("a bike redemption call that fails (docs/product.md 'Errors')", () => {
  it("spells the texts as docs/product.md 'Errors' does", () => {
    expect(CALLS.map(([call]) => BIKE_REDEMPTION_ERRORS[call])).toEqual(CALLS.map(([, , text]) => text));
  });

  for (const [call, method, text] of CALLS) {
    it(`${call}: says '${text}' with the HTTP status when the answer had no error of ours`, async () => {
      fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
      const error = await failure(call, method);
      expect(error.status).toBe(502);
      expect(error.message).toBe(text);
    });

    it(`${call}: says '${text}' when no answer came`, async () => {
      fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
      const error = await failure(call, method);
      expect(error.status).toBe(0);
      expect(error.message).toBe(text);
    });
  }

  it("prefers the server's own error: its status, code and message", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { statusCode: 409, code: "REDEMPTION_NOT_PAID", message: "The redemption price is not paid yet" },
        { status: 409 },
      ),
    );
    const error = await failure("update", "POST");
    expect(error).toMatchObject({
      status: 409,
      code: "REDEMPTION_NOT_PAID",
      message: "The redemption price is not paid yet",
    });
  });
});

describe("the server's success messages (docs/product.md 'Errors')", () => {
  it("are said in the reader's language", () => {
    const t = i18n.getFixedT("fi");
    const en = i18n.getFixedT("en");
    expect(savedMessage(BIKE_REDEMPTION_CREATED, t)).toBe("Lunastustapaus avattu.");
    expect(savedMessage(BIKE_REDEMPTION_UPDATED, t)).toBe("Lunastustapaus päivitetty.");
    expect(savedMessage(BIKE_REDEMPTION_DELETED, t)).toBe("Lunastustapaus peruttu.");
    expect(savedMessage(REDEMPTION_OFFER_UPLOADED, t)).toBe("Lunastustarjous ladattu.");
    // In English they are the server's own words.
    expect(savedMessage(BIKE_REDEMPTION_CREATED, en)).toBe(`${BIKE_REDEMPTION_CREATED}.`);
    expect(savedMessage(REDEMPTION_OFFER_UPLOADED, en)).toBe(`${REDEMPTION_OFFER_UPLOADED}.`);
  });

  it("shows a message it does not know as the server wrote it", () => {
    const t = i18n.getFixedT("fi");
    expect(savedMessage("Something new happened", t)).toBe("Something new happened");
  });
});

describe("the list's address", () => {
  it("opens on the open cases and keeps only the filters the API takes", () => {
    const filter = redemptionFilterOf(
      new URLSearchParams("search=+Iida+&paymentMethod=CASH&reason=LONG_ABSENCE&page=2"),
    );
    expect(filter).toEqual({
      search: "Iida",
      status: "PENDING",
      paymentMethod: "",
      reason: "LONG_ABSENCE",
      page: 2,
    });
    expect(endpointUrl(redemptionsApi.list, { query: redemptionQuery(filter) })).toBe(
      "/api/bike-redemption?page=2&limit=20&search=Iida&status=PENDING&reason=LONG_ABSENCE",
    );
    expect(redemptionFilterOf(new URLSearchParams("status=ALL")).status).toBe("");
  });
});
