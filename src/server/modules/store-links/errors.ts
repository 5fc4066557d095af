import type { TErrorDetail } from "../../../contract/errors.ts";
import { AppError } from "../../errors.ts";

/**
 * The store links' errors: one factory per code. Every answer about a token that does not work now
 * (unknown, expired, the other kind's, a cancelled order's) is the same 404, so links cannot be probed.
 */

export const storeLinkInvalid = () =>
  new AppError(404, "STORE_LINK_INVALID", "The link is unknown, expired or no longer in use");

export const storeLinkUsed = () =>
  new AppError(409, "STORE_LINK_USED", "What the link asks for is done; it only shows what was entered");

/** 400 with the field the request's own validation would name, for a rule zod cannot see. */
export const validationError = (details: TErrorDetail[]) =>
  new AppError(400, "VALIDATION_ERROR", "Request validation failed", details);

/**
 * 409: the order's store has an account, whose users record the handover (the pickup code, both
 * signatures, the protocol): a delivery link, even one issued before the account, gives no delivery.
 */
export const handoverRequired = () =>
  new AppError(
    409,
    "HANDOVER_REQUIRED",
    "The bike store records this order's handover in its Pedaali account; the link gives no delivery",
  );
