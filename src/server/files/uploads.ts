import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { checkUpload, isImageType, MAX_UPLOAD_BYTES, type UploadMimeType } from "../../domain/uploads.ts";
import { AppError } from "../errors.ts";
import { sendError } from "../plugins/errors.ts";
import { perUserLimit } from "../plugins/shared-rate-limit.ts";
import type { FileStore } from "./file-store.ts";

/**
 * Receiving and sending files: refund receipts, redemption offers, insurance claims'
 * photos. An upload is the request's raw body (docs/api-surface.md: `POST /api/refund/upload?...` with an
 * octet-stream body); what it holds is decided by src/domain/uploads.ts from its bytes, never from the
 * header or the name.
 *
 * Register upload routes inside a scope of their own that calls `acceptUploads` first:
 *
 *   app.register(named(async (scope) => {
 *     acceptUploads(scope);
 *     scope.post("/refund/upload", { schema: { ...UPLOAD_SCHEMA, querystring, response } }, handler);
 *   }, "refund uploads"));
 *
 * so only those routes read a body of up to 10 MB; every other route keeps the app's 1 MB JSON limit.
 */

/** The content types an upload may be sent with; the content is sniffed whatever the header says. */
const UPLOAD_CONTENT_TYPES = [
  "application/octet-stream",
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
] as const;

/** The request body of an upload route: the file's bytes (OpenAPI: a binary string). */
export const zUploadBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), "The body must be the file's bytes")
  .meta({ type: "string", format: "binary", description: "The file's bytes (PDF, JPEG, PNG, WebP or HEIC)" });

/**
 * An upload route's limit per user: a claim, a redemption case or a cancellation takes a handful of
 * files, so 60 in 10 minutes leaves room for real work and stops a flood of 10 MB bodies.
 */
export const UPLOAD_LIMIT = perUserLimit(60, "10 minutes");

/** Spread into an upload route's schema: its binary body and the content type it documents. */
export const UPLOAD_SCHEMA = { body: zUploadBody, consumes: ["application/octet-stream"] } as const;

/** What an upload route reads: the content types it takes a body in, and the largest body. */
export type UploadBodies = { contentTypes: readonly string[]; maxBytes: number };

/** The documents and photos of a case (src/domain/uploads.ts), up to 10 MB. */
const DOCUMENT_BODIES: UploadBodies = { contentTypes: UPLOAD_CONTENT_TYPES, maxBytes: MAX_UPLOAD_BYTES };

/**
 * Makes the scope read raw bodies of the upload content types, up to their limit (documents and photos
 * by default). A larger body answers 400 FILE_TOO_LARGE (rather than Fastify's 413) before it is read,
 * so nothing of it is stored.
 */
export function acceptUploads(scope: FastifyInstance, bodies: UploadBodies = DOCUMENT_BODIES): void {
  scope.addContentTypeParser(
    [...bodies.contentTypes],
    { parseAs: "buffer", bodyLimit: bodies.maxBytes },
    (_request, body, done) => done(null, body),
  );
  scope.setErrorHandler((error, request, reply) => {
    const tooLarge = (error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE";
    return sendError(
      tooLarge ? fileRefused("FILE_TOO_LARGE", tooLargeMessage(bodies.maxBytes)) : error,
      request,
      reply,
    );
  });
}

const tooLargeMessage = (maxBytes: number) => `The file is larger than ${maxBytes / (1024 * 1024)} MB`;

const REFUSAL_MESSAGES = {
  FILE_EMPTY: "The file is empty",
  FILE_TOO_LARGE: tooLargeMessage(MAX_UPLOAD_BYTES),
  FILE_TYPE_NOT_ALLOWED: "The file must be a PDF or a JPEG, PNG, WebP or HEIC image",
} as const;

/** 400 with the refusal's code, the message in the details too (a kind of upload may word its own). */
export function fileRefused(
  code: keyof typeof REFUSAL_MESSAGES,
  message: string = REFUSAL_MESSAGES[code],
): AppError {
  return new AppError(400, code, message, [{ field: "body", message }]);
}

export type ReceivedUpload = { content: Buffer; mimeType: UploadMimeType; fileName: string };

/** The upload's bytes checked: its sniffed type and clean name, or 400 with the reason. */
export function readUpload(body: Buffer, fileName: string): ReceivedUpload {
  const check = checkUpload(body, fileName);
  if (!check.ok) throw fileRefused(check.code);
  return { content: body, mimeType: check.mimeType, fileName: check.fileName };
}

/**
 * The upload checked (readUpload) and, where a ClamAV daemon is configured, scanned: an infected file
 * is refused with 400 FILE_INFECTED and nothing of it is stored; a scanner that cannot be reached
 * answers 503, as the file cannot be judged clean. Called before the change's transaction opens, so a
 * slow scan holds no database connection.
 */
export async function receiveUpload(
  files: FileStore,
  body: Buffer,
  fileName: string,
): Promise<ReceivedUpload> {
  const upload = readUpload(body, fileName);
  if (!files.scanner) return upload;
  let verdict: Awaited<ReturnType<NonNullable<FileStore["scanner"]>["scan"]>>;
  try {
    verdict = await files.scanner.scan(upload.content);
  } catch (error) {
    throw new AppError(
      503,
      "SERVICE_UNAVAILABLE",
      "The virus scan of uploads is not available: try again shortly",
      [],
      undefined,
      error,
    );
  }
  if (verdict.infected) {
    const message = `The file contains malware (${verdict.signature}) and was not stored`;
    throw new AppError(400, "FILE_INFECTED", message, [{ field: "body", message }]);
  }
  return upload;
}

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 name. */
function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file to send, its bytes whole or streamed from the FileStore. */
export type FileToSend = {
  fileName: string;
  mimeType: string;
  content: Buffer | Readable;
  sizeBytes?: number;
};

/**
 * Sends a stored file: its own type, never sniffed by the browser, in a sandbox (a PDF or an image of
 * ours runs no script in our origin), never cached, streamed as it is read. PDFs and the images a
 * browser shows open in it (`inline`); any other type is a download (`attachment`).
 */
export function sendStoredFile(reply: FastifyReply, file: FileToSend) {
  const shown = file.mimeType === "application/pdf" || isImageType(file.mimeType);
  const disposition = shown ? "inline" : "attachment";
  const length = Buffer.isBuffer(file.content) ? file.content.byteLength : file.sizeBytes;
  if (length !== undefined) reply.header("content-length", length);
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
