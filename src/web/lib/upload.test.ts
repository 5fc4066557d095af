import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadFile } from "./upload.ts";

afterEach(() => vi.unstubAllGlobals());

describe("uploadFile", () => {
  it("posts the file's bytes as octet-stream with its name and the endpoint's parameters in the query", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const file = new File(["%PDF-1.4"], "kuitti ä.pdf", { type: "application/pdf" });
    await expect(uploadFile("/api/refund/upload", { orderCancellationId: "c1" }, file)).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/refund/upload?orderCancellationId=c1&fileName=kuitti+%C3%A4.pdf");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/octet-stream");
  });
});
