import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../i18n/i18n.ts";
import { ApiError } from "./api-client.ts";
import * as toasts from "./error-toasts.ts";
import { createQueryClient, shouldRetry } from "./query-client.ts";

beforeAll(async () => {
  await initI18n("fi");
});

afterEach(() => {
  vi.restoreAllMocks();
});

const notFound = new ApiError({ status: 404, code: "NOT_FOUND", message: "x", bodyReadable: true });

describe("the query client", () => {
  it("toasts a failed query unless its meta says silent", async () => {
    const show = vi.spyOn(toasts, "showErrorToast").mockReturnValue(true);
    const client = createQueryClient();
    const fail = () => Promise.reject(notFound);
    await client.fetchQuery({ queryKey: ["loud"], queryFn: fail }).catch(() => {});
    await client.fetchQuery({ queryKey: ["quiet"], queryFn: fail, meta: { silent: true } }).catch(() => {});
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(notFound);
  });

  it("toasts a failed mutation unless its meta says silent", async () => {
    const show = vi.spyOn(toasts, "showErrorToast").mockReturnValue(true);
    const client = createQueryClient();
    const run = (silent: boolean) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(notFound), meta: { silent } })
        .execute(undefined)
        .catch(() => {});
    await run(false);
    await run(true);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it("does not retry a 4xx but retries network failures and 5xx twice", () => {
    expect(shouldRetry(0, notFound)).toBe(false);
    const down = new ApiError({ status: 503, code: "UNDEFINED_ERROR", message: "x", bodyReadable: false });
    expect(shouldRetry(0, down)).toBe(true);
    expect(shouldRetry(1, down)).toBe(true);
    expect(shouldRetry(2, down)).toBe(false);
  });
});
