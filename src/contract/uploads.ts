import { z } from "zod";
import { UPLOAD_MIME_TYPES } from "../domain/uploads.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * Uploads (ADR 009). An upload is a POST whose raw body is the file (application/octet-stream;
 * docs/api-surface.md `POST /api/refund/upload?orderCancellationId&fileName`), with the file's name in the query.
 * The server sniffs the type from the bytes (PDF, JPEG, PNG, WebP or HEIC), refuses anything else, an empty
 * file and one over 10 MB with 400 FILE_TYPE_NOT_ALLOWED, FILE_EMPTY or FILE_TOO_LARGE, and stores it
 * under a cleaned name (src/domain/uploads.ts). Files are read back through their owner's endpoint.
 */

/** The file's name as the user's device had it; the server cleans it before storing. */
export const zUploadFileName = lazy(() => zSingleLineText({ min: 1, max: 255 }));

/** A stored file as lists show it: enough to name it, size it and link to it. */
export const zStoredFileRef = lazy(() =>
  z.object({
    id: z.uuid(),
    fileName: z.string(),
    mimeType: z.enum(UPLOAD_MIME_TYPES),
    sizeBytes: z.int(),
    createdAt: z.iso.datetime(),
  }),
);
export type TStoredFileRef = z.infer<typeof zStoredFileRef>;

/**
 * What a file download answers (an endpoint whose `answer` is "file"): the file's bytes, its type in
 * the answer's content-type. The browser opens it by its address; the web never reads it as JSON.
 */
export const zFileAnswer = lazy(() => z.string());
