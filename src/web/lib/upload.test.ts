import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { endpoint } from "../../contract/endpoint.ts";
import { uploadFile, uploadForm } from "./upload.ts";

afterEach(() => vi.unstubAllGlobals());

describe("uploadFile", () => {
  const addReceipt = endpoint({
    method: "POST",
    path: "/cancellations/:id/receipts",
    summary: "A receipt's bytes",
    params: z.object({ id: z.string() }),
    query: z.object({ fileName: z.string(), amountCents: z.number().optional() }),
    body: "file",
    status: 201,
    response: z.object({ ok: z.boolean() }),
    errors: [400],
  });

  it("posts the file's bytes as octet-stream to the endpoint's address, its name in the query beside the endpoint's own", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const file = new File(["%PDF-1.4"], "kuitti ä.pdf", { type: "application/pdf" });
    await expect(
      uploadFile(addReceipt, { params: { id: "c 1" }, query: { amountCents: 1250 } }, file),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/cancellations/c%201/receipts?amountCents=1250&fileName=kuitti+%C3%A4.pdf");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/octet-stream");
  });

  it("checks the answer against the endpoint's response schema", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ ok: "yes" }), { status: 201 }));
    await expect(
      uploadFile(addReceipt, { params: { id: "c1" } }, new File(["x"], "a.pdf")),
    ).rejects.toThrow();
  });
});

describe("uploadForm", () => {
  const importFile = endpoint({
    method: "POST",
    path: "/companies/:id/import",
    summary: "A file sent as a multipart form",
    params: z.object({ id: z.string() }),
    query: z.object({ dryRun: z.enum(["true", "false"]).optional() }),
    response: z.object({ rows: z.number() }),
    errors: [400],
  });

  it("posts the form to the endpoint's address and checks the answer against its schema", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ rows: 3 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const form = new FormData();
    form.append("file", new File(["a;b"], "henkilosto.csv"));
    await expect(
      uploadForm(importFile, { params: { id: "c 1" }, query: { dryRun: "true" } }, form),
    ).resolves.toEqual({
      rows: 3,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/companies/c%201/import?dryRun=true");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(form);
    // The browser sets the multipart content type with its boundary.
    expect((init.headers as Record<string, string>)["content-type"]).toBeUndefined();

    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ rows: "3" }), { status: 200 }));
    await expect(uploadForm(importFile, { params: { id: "c1" } }, form)).rejects.toThrow();
  });
});
