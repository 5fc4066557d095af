import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EMPLOYEES_FETCH_ERROR, employeesApi } from "../../../../contract/employees.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { employeeCall } from "./employees-api.ts";

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
  const error = await employeeCall(employeesApi.list, {}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("an employee call that fails (docs/product.md 'Errors')", () => {
  it("rejects with 500 and 'Failed to fetch employees' when no answer came", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await failure();
    expect(error.status).toBe(500);
    expect(error.message).toBe(EMPLOYEES_FETCH_ERROR);
  });

  it("rejects with the HTTP status and 'Failed to fetch employees' when the answer had no error of ours", async () => {
    fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await failure();
    expect(error.status).toBe(502);
    expect(error.message).toBe(EMPLOYEES_FETCH_ERROR);
  });

  it("keeps the server's own error: its status, code and message", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { statusCode: 404, code: "NOT_FOUND", message: "Beneficiary employee not found" },
        { status: 404 },
      ),
    );
    const error = await failure();
    expect(error).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "Beneficiary employee not found",
    });
  });
});
