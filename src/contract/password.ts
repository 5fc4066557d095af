import { z } from "zod";
import { LANGUAGES } from "../domain/enums.ts";
import { MAX_PASSWORD_LENGTH } from "../domain/password-rules.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * Password recovery (/salasanan-palauttaminen, /palauta-salasana) and setting a password by a link
 * (/reset/{token}; also the first password of an account that has none, docs/product.md "Errors" NO_PASSWORD_SET).
 */

/** POST /api/password-reset: always answers the same, whether or not the e-mail is known. */
export const zPasswordResetRequest = lazy(() =>
  z.object({
    email: zSingleLineText({ min: 1, max: 320 }),
    /** The language of the mail when the e-mail is unknown to us; a known user gets their own. */
    language: z.enum(LANGUAGES).optional(),
  }),
);
const zPasswordResetRequested = lazy(() => z.object({ message: z.string() }));

const zPasswordTokenParams = lazy(() => z.object({ token: z.string().min(20).max(200) }));

/** Why a link does not work: its time ran out, it was used already, or it is not (or no longer) known. */
export const PASSWORD_LINK_PROBLEMS = ["EXPIRED", "USED", "UNKNOWN"] as const;

/** GET /api/password-reset/{token}: whether the link still works, before the user types a password. */
export const zPasswordTokenStatus = lazy(() =>
  z.object({
    valid: z.boolean(),
    /** The account's e-mail, so the page can say whose password is being set. */
    email: z.string().nullable(),
    /** Why a link that does not work does not, so the page can say so; null for a working link. */
    problem: z.enum(PASSWORD_LINK_PROBLEMS).nullable(),
  }),
);

/** POST /api/password-reset/{token}: sets the password; the token then stops working. */
export const zPasswordResetBody = lazy(() =>
  z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) }),
);
export const zPasswordResetDone = lazy(() => z.object({ message: z.string() }));

/**
 * POST /api/password-reset/{token}/renew: a new link to the address of the account an expired or used
 * link was for; answers the same whether or not a mail goes out.
 */
const zPasswordLinkRenewed = lazy(() => z.object({ message: z.string() }));

export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "If the e-mail belongs to an account, a link to set a new password is on its way.";

/** The answer of POST /api/password-reset/{token} once the new password is stored. */
export const PASSWORD_SET_MESSAGE = "Your password has been set. You can now log in with it.";

/** The calls of password recovery and of setting a password by a link (anonymous, limited per address). */
export const passwordApi = lazy(() => ({
  requestReset: endpoint({
    method: "POST",
    path: "/password-reset",
    summary: "Ask for a link to set a new password; answers the same whether or not the e-mail is known",
    body: zPasswordResetRequest,
    response: zPasswordResetRequested,
    errors: [400, 403, 429],
  }),
  tokenStatus: endpoint({
    method: "GET",
    path: "/password-reset/:token",
    summary: "Whether a password link still works, and whose account it is for",
    params: zPasswordTokenParams,
    response: zPasswordTokenStatus,
    errors: [400, 429],
  }),
  renew: endpoint({
    method: "POST",
    path: "/password-reset/:token/renew",
    summary:
      "Mail a new link to the account an expired or used link was for; answers the same whether or not a mail goes out",
    params: zPasswordTokenParams,
    response: zPasswordLinkRenewed,
    errors: [400, 403, 429],
  }),
  reset: endpoint({
    method: "POST",
    path: "/password-reset/:token",
    summary:
      "Set a new password with a link token; ends every session of the user and mails the account about the change",
    params: zPasswordTokenParams,
    body: zPasswordResetBody,
    response: zPasswordResetDone,
    errors: [400, 403, 429],
  }),
}));
