import { AppError } from "../../errors.ts";

/** The errors of signed documents (docs/api-surface.md "Signed documents"). */

/** 409: a document signed with evidence is the proof of the agreement and stays. */
export const signedDocumentLocked = (message = "A document signed with evidence cannot be deleted") =>
  new AppError(409, "SIGNED_DOCUMENT_LOCKED", message);
