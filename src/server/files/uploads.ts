import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { checkUpload, MAX_UPLOAD_BYTES, type UploadMimeType } from "../../domain/uploads.ts";
import { AppError } from "../errors.ts";
import { toErrorResponse } from "../plugins/errors.ts";
import type { StoredFile } from "./file-store.ts";

/**
 * Receiving and sending files: refund receipts, redemption offers, insurance claims'
 * photos. An upload is the request's raw body (SPEC §7: `POST /api/refund/upload?...` with an
 * octet-stream body); what it holds is decided by src/domain/uploads.ts from its bytes, never from the
 * header or the name.
 *
 * Register upload routes inside a scope of their own that calls `acceptUploads` first:
 *
 *   app.register(async (scope) => {
 *     acceptUploads(scope);
 *     scope.post("/refund/upload", { schema: { ...UPLOAD_SCHEMA, querystring, response } }, handler);
 *   });
 *
 * so only those routes read a body of up to 10 MB; every other route keeps the app's 1 MB JSON limit.
 */

/** The content types an upload may be sent with; the content is sniffed whatever the header says. */
export const UPLOAD_CONTENT_TYPES = [
  "application/octet-stream",
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
] as const;

/** The request body of an upload route: the file's bytes (OpenAPI: a binary string). */
export const zUploadBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), "The body must be the file's bytes")
  .meta({ type: "string", format: "binary", description: "The file's bytes (PDF, JPEG, PNG or WebP)" });

/** Spread into an upload route's schema: its binary body and the content type it documents. */
export const UPLOAD_SCHEMA = { body: zUploadBody, consumes: ["application/octet-stream"] } as const;

/**
 * Makes the scope read raw bodies of the upload content types, up to 10 MB. A larger body answers 400
 * FILE_TOO_LARGE (rather than Fastify's 413) before it is read, so nothing of it is stored.
 */
export function acceptUploads(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    [...UPLOAD_CONTENT_TYPES],
    { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler((error, request, reply) => {
    const tooLarge = (error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE";
    const body = tooLarge ? toErrorResponse(fileRefused("FILE_TOO_LARGE")) : toErrorResponse(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: body.code, statusCode: body.statusCode }, "request rejected");
    return reply.code(body.statusCode).header("cache-control", "no-store").send(body);
  });
}

const REFUSAL_MESSAGES = {
  FILE_EMPTY: "The file is empty",
  FILE_TOO_LARGE: `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`,
  FILE_TYPE_NOT_ALLOWED: "The file must be a PDF or a JPEG, PNG or WebP image",
} as const;

function fileRefused(code: keyof typeof REFUSAL_MESSAGES): AppError {
  return new AppError(400, code, REFUSAL_MESSAGES[code], [
    { field: "body", message: REFUSAL_MESSAGES[code] },
  ]);
}

export type ReceivedUpload = { content: Buffer; mimeType: UploadMimeType; fileName: string };

/** The upload's bytes checked: its sniffed type and clean name, or 400 with the reason. */
export function readUpload(body: Buffer, fileName: string): ReceivedUpload {
  const check = checkUpload(body, fileName);
  if (!check.ok) throw fileRefused(check.code);
  return { content: body, mimeType: check.mimeType, fileName: check.fileName };
}

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 name. */
function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a stored file: its own type, never sniffed by the browser, in a sandbox (a PDF or an image of
 * ours runs no script in our origin), never cached. Images and PDFs open in the browser (`inline`);
 * pass "attachment" to make it a download.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  disposition: "inline" | "attachment" = "inline",
) {
  return reply
    .header("content-type", file.mimeType)
    .header("content-disposition", contentDisposition(disposition, file.fileName))
    .header(
      "content-security-policy",
      "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    )
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(file.content);
}
