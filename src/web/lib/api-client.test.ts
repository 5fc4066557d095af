import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { zErrorResponse } from "../../contract/errors.ts";
import { FIRST_ANSWERS_ID } from "../../domain/constants.ts";
import { ApiError, apiFetch, CSRF_HEADER, isErrorResponse, takeFirstAnswers } from "./api-client.ts";
import { GENERAL_ERROR_TEXTS } from "./general-errors.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  // biome-ignore lint/suspicious/noDocumentCookie: tests set and clear the CSRF cookie directly.
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

function reply(status: number, body: string, contentType = "application/json") {
  // A 204 may carry no body at all, not even an empty string.
  const payload = status === 204 ? null : body;
  fetchMock.mockResolvedValueOnce(
    new Response(payload, { status, headers: { "content-type": contentType } }),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("apiFetch", () => {
  it("sends cookies and JSON, and resolves with the body checked by the schema", async () => {
    reply(200, JSON.stringify({ status: "ok" }));
    const schema = { parse: (data: unknown) => data as { status: string } };
    const result = await apiFetch("/api/health-check", { schema });
    expect(result).toEqual({ status: "ok" });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/health-check");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("GET");
  });

  it("sends the CSRF cookie back in the x-csrf-token header on state-changing requests", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server issues this cookie; here the test does.
    document.cookie = "csrfToken=tok%2Fen; path=/";
    reply(204, "");
    const result = await apiFetch("/api/logout", { method: "POST", body: { all: true } });
    expect(result).toBeUndefined();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get(CSRF_HEADER)).toBe("tok/en");
    expect(headers.get("content-type")).toBe("application/json");
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ all: true }));
  });

  it("sends no CSRF header when there is no cookie", async () => {
    reply(204, "");
    await apiFetch("/api/logout", { method: "POST" });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has(CSRF_HEADER)).toBe(false);
  });

  it("turns the server's error body into an ApiError with status, code, message and details", async () => {
    reply(
      400,
      JSON.stringify({
        statusCode: 400,
        code: "VALIDATION_ERROR",
        message: "body/email must be an email",
        details: [{ field: "body.email", message: "Invalid email" }],
      }),
    );
    const error = await failure(apiFetch("/api/login", { method: "POST", body: {} }));
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "body/email must be an email",
      details: [{ field: "body.email", message: "Invalid email" }],
      bodyReadable: true,
    });
  });

  it.each([
    [400, GENERAL_ERROR_TEXTS.invalidRequest, "BAD_REQUEST"],
    [429, GENERAL_ERROR_TEXTS.tooManyRequests, "TOO_MANY_REQUESTS"],
    [502, GENERAL_ERROR_TEXTS.serviceUnavailable, "SERVICE_UNAVAILABLE"],
    [503, GENERAL_ERROR_TEXTS.serviceUnavailable, "SERVICE_UNAVAILABLE"],
    [418, GENERAL_ERROR_TEXTS.generic, "UNDEFINED_ERROR"],
  ])(
    "uses the docs/product.md 'Errors' fallback for an unreadable %i body",
    async (status, message, code) => {
      reply(status, "<html><body>Bad gateway</body></html>", "text/html");
      const error = await failure(apiFetch("/api/companies"));
      expect(error).toMatchObject({ status, code, message, bodyReadable: false, details: [] });
    },
  );

  it("treats JSON that is not the error envelope as unreadable", async () => {
    reply(400, JSON.stringify({ error: "nope" }));
    const error = await failure(apiFetch("/api/companies"));
    expect(error).toMatchObject({
      status: 400,
      message: GENERAL_ERROR_TEXTS.invalidRequest,
      bodyReadable: false,
    });
  });

  it("reports a network failure as status 0 with the UNDEFINED_ERROR code", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await failure(apiFetch("/api/companies"));
    expect(error).toMatchObject({ status: 0, code: "UNDEFINED_ERROR", bodyReadable: false });
  });

  it("passes an abort through untouched", async () => {
    fetchMock.mockRejectedValueOnce(new DOMException("aborted", "AbortError"));
    await expect(apiFetch("/api/companies")).rejects.toMatchObject({ name: "AbortError" });
  });

  it("sends FormData as it is, without a JSON content type", async () => {
    reply(204, "");
    const form = new FormData();
    form.append("file", new Blob(["x"]), "receipt.pdf");
    await apiFetch("/api/refund/upload", { method: "POST", body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has("content-type")).toBe(false);
  });
});

describe("takeFirstAnswers", () => {
  /** The JSON block the server writes into a signed-in page (server plugins/first-answers.ts). */
  function writeBlock(text: string) {
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = FIRST_ANSWERS_ID;
    block.textContent = text;
    document.body.append(block);
  }

  it("answers the app's own call from the page, once, and the block leaves the page", async () => {
    const user = { id: "u1", firstName: "Aino", lastName: "</script> Virtanen" };
    writeBlock(JSON.stringify({ "/api/user": user }).replaceAll("<", "\\u003c"));
    takeFirstAnswers();
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    await expect(apiFetch("/api/user")).resolves.toEqual(user);
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next call asks the server.
    reply(200, JSON.stringify({ ...user, firstName: "Aino-Maria" }));
    await expect(apiFetch("/api/user")).resolves.toMatchObject({ firstName: "Aino-Maria" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("takes nothing from a block that is not a JSON object, and the app asks as it would", async () => {
    for (const text of ["", "{not json", "[1,2]", "null", '"text"']) {
      writeBlock(text);
      takeFirstAnswers();
      expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    }
    reply(200, JSON.stringify({ id: "u1" }));
    await expect(apiFetch("/api/user")).resolves.toEqual({ id: "u1" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does nothing on a page without the block", async () => {
    takeFirstAnswers();
    reply(200, "{}");
    await apiFetch("/api/user");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("isErrorResponse", () => {
  const samples: unknown[] = [
    { statusCode: 404, code: "NOT_FOUND", message: "Not found" },
    { statusCode: 400, code: "VALIDATION_ERROR", message: "x", details: [{ field: "a", message: "b" }] },
    { statusCode: 400, code: "VALIDATION_ERROR", message: "x", details: [{ field: "a" }] },
    { statusCode: 400.5, code: "X", message: "x" },
    { statusCode: "400", code: "X", message: "x" },
    { statusCode: 400, message: "x" },
    { statusCode: 400, code: "X", message: "x", details: "nope" },
    null,
    "error",
    [],
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))("agrees with zErrorResponse on %s", (_, sample) => {
    expect(isErrorResponse(sample)).toBe(zErrorResponse.safeParse(sample).success);
  });
});
