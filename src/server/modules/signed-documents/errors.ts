import { AppError } from "../../errors.ts";

/** The errors of signed documents (SPEC §7 "Signed documents"). */

/** 409: a document signed with evidence is the proof of the agreement and stays. */
export const signedDocumentLocked = (message = "A document signed with evidence cannot be deleted") =>
  new AppError(409, "SIGNED_DOCUMENT_LOCKED", message);
