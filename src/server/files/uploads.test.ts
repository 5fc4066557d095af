import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  elevenMegabytes,
  justOverLimit,
  RENAMED_EXE,
  realPdf,
  SAMPLE_PNG,
} from "../../../tests/helpers/sample-files.ts";
import { zErrorResponse } from "../../contract/errors.ts";
import { zUploadFileName } from "../../contract/uploads.ts";
import { registerErrorHandlers } from "../plugins/errors.ts";
import { acceptUploads, readUpload, sendStoredFile, UPLOAD_SCHEMA } from "./uploads.ts";

/** The upload plumbing on its own: a scoped raw-body route, the checks, and how files go back out. */

let app: FastifyInstance;
let SAMPLE_PDF: Buffer;
const stored: { fileName: string; mimeType: string; content: Buffer }[] = [];

beforeAll(async () => {
  SAMPLE_PDF = await realPdf();
  app = Fastify({ bodyLimit: 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post("/json", { schema: { body: z.object({ a: z.number() }) } }, async () => ({ ok: true }));
  await app.register(async (scope) => {
    acceptUploads(scope);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/upload",
        { schema: { ...UPLOAD_SCHEMA, querystring: z.object({ fileName: zUploadFileName }) } },
        async (request, reply) => {
          const upload = readUpload(request.body, request.query.fileName);
          stored.push(upload);
          return reply.code(201).send({ fileName: upload.fileName, mimeType: upload.mimeType });
        },
      );
  });
  app.get("/file", async (_request, reply) =>
    sendStoredFile(reply, { fileName: "kuitti ä.pdf", mimeType: "application/pdf", content: SAMPLE_PDF }),
  );
  await app.ready();
});
afterAll(() => app.close());

const upload = (
  payload: Buffer | string,
  fileName = "kuitti.pdf",
  contentType = "application/octet-stream",
) =>
  app.inject({
    method: "POST",
    url: `/upload?fileName=${encodeURIComponent(fileName)}`,
    headers: { "content-type": contentType },
    payload,
  });

function refused(res: { statusCode: number; json: () => unknown; body: string }, code: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(zErrorResponse.parse(res.json()).code).toBe(code);
}

describe("upload routes", () => {
  it("take a real PDF and a PNG, named by their content", async () => {
    const before = stored.length;
    const pdf = await upload(SAMPLE_PDF, "../kuitti.PDF");
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toEqual({ fileName: "kuitti.pdf", mimeType: "application/pdf" });
    const png = await upload(SAMPLE_PNG, "vahinko", "image/png");
    expect(png.json()).toEqual({ fileName: "vahinko.png", mimeType: "image/png" });
    expect(stored.length).toBe(before + 2);
    expect(stored.at(-1)?.content.equals(SAMPLE_PNG)).toBe(true);
  });

  it("refuse a renamed executable, an empty body and an 11 MB file with a clear 400, storing nothing", async () => {
    const before = stored.length;
    refused(await upload(RENAMED_EXE, "kuitti.pdf"), "FILE_TYPE_NOT_ALLOWED");
    refused(
      await upload(Buffer.from("<html><script>alert(1)</script></html>"), "x.pdf"),
      "FILE_TYPE_NOT_ALLOWED",
    );
    refused(await upload(Buffer.alloc(0)), "FILE_EMPTY");
    refused(await upload(elevenMegabytes()), "FILE_TOO_LARGE");
    refused(await upload(justOverLimit()), "FILE_TOO_LARGE");
    expect(stored.length).toBe(before);
  });

  it("refuse a JSON body and a missing or control-character name as 400", async () => {
    const json = await app.inject({
      method: "POST",
      url: "/upload?fileName=a.pdf",
      payload: { file: SAMPLE_PDF.toString("base64") },
    });
    expect(json.statusCode, json.body).toBe(400);
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/upload",
          headers: { "content-type": "application/octet-stream" },
          payload: SAMPLE_PDF,
        })
      ).statusCode,
    ).toBe(400);
    expect((await upload(SAMPLE_PDF, "a\u0000b.pdf")).statusCode).toBe(400);
  });

  it("are the only routes that read a raw body: elsewhere it is 415", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/json",
      headers: { "content-type": "application/octet-stream" },
      payload: SAMPLE_PDF,
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(zErrorResponse.parse(res.json()).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("sendStoredFile", () => {
  it("sends the bytes with their type, a safe disposition, no sniffing, a sandbox and no caching", async () => {
    const res = await app.inject({ method: "GET", url: "/file" });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="kuitti _.pdf"; filename*=UTF-8''kuitti%20%C3%A4.pdf`,
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toMatch(/^sandbox/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
