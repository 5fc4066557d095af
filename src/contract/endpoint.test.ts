import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, endpointUrl } from "./endpoint.ts";

const get = endpoint({
  method: "GET",
  path: "/orders/:orderId/files/:fileId",
  summary: "A file of an order",
  params: z.object({ orderId: z.string(), fileId: z.string() }),
  query: z.object({ download: z.string().optional() }),
  response: z.object({}),
  errors: [404],
});

describe("endpointUrl", () => {
  it("fills the path's parameters encoded, under /api", () => {
    expect(endpointUrl(get, { params: { orderId: "a/b", fileId: "ä 1" } })).toBe(
      "/api/orders/a%2Fb/files/%C3%A4%201",
    );
  });

  it("leaves empty query values out and joins lists with commas", () => {
    const url = endpointUrl(
      { path: "/notifications" },
      { query: { page: 2, types: ["A", "B"], none: [], search: "", status: undefined, flag: false } },
    );
    expect(url).toBe("/api/notifications?page=2&types=A%2CB&flag=false");
  });

  it("refuses to build an address with a path parameter missing", () => {
    expect(() => endpointUrl(get, { params: { orderId: "1" } })).toThrow("Missing path parameter fileId");
  });
});

describe("endpoint", () => {
  it("describes an upload and a download beside the JSON calls: the kind is kept for the web's helpers", () => {
    const upload = endpoint({
      method: "POST",
      path: "/claims/:id/files",
      summary: "Adds a file",
      params: z.object({ id: z.string() }),
      query: z.object({ fileName: z.string() }),
      body: "file",
      status: 201,
      response: z.object({ id: z.string() }),
      errors: [400],
    });
    const download = endpoint({
      method: "GET",
      path: "/claims/:id/files/:fileId",
      summary: "A file's bytes",
      params: z.object({ id: z.string(), fileId: z.string() }),
      answer: "file",
      response: z.string(),
      errors: [404],
    });
    expect(upload.body).toBe("file");
    expect(download.answer).toBe("file");
    expect(endpointUrl(upload, { params: { id: "1" }, query: { fileName: "kuva.png" } })).toBe(
      "/api/claims/1/files?fileName=kuva.png",
    );
    expect(endpointUrl(download, { params: { id: "1", fileId: "2" } })).toBe("/api/claims/1/files/2");
  });
});
