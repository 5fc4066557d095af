import { z } from "zod";
import { zMessage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * A staff user's authenticator app and recovery codes, from their own details page
 * (src/domain/authenticator.ts). Setting one up: POST with the current password gives the secret and
 * its QR code; POST …/confirm with the app's first code puts it in use and gives ten recovery codes,
 * shown once. New codes and removal take the current password again.
 */

/** The current password, asked again for each change to how the account logs in. */
export const zCurrentPasswordBody = lazy(() =>
  z.object({ currentPassword: z.string().max(1024).optional() }),
);

export const zAuthenticatorStatus = lazy(() =>
  z.object({
    /** NONE: the code comes by SMS; PENDING: set up but not confirmed (SMS still); ACTIVE: the app's code. */
    status: z.enum(["NONE", "PENDING", "ACTIVE"]),
    activeSince: z.iso.datetime({ offset: true }).nullable(),
    recoveryCodesLeft: z.int().min(0),
  }),
);
export type TAuthenticatorStatus = z.infer<typeof zAuthenticatorStatus>;

export const zAuthenticatorSetup = lazy(() =>
  z.object({
    /** The secret in base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** otpauth://totp/… as the QR code holds it. */
    otpauthUri: z.string(),
    /** The QR code as an SVG document, shown as an image. */
    qrSvg: z.string(),
  }),
);
export type TAuthenticatorSetup = z.infer<typeof zAuthenticatorSetup>;

export const zAuthenticatorConfirm = lazy(() =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "The code has 6 digits"),
  }),
);

/** Shown once: only their hashes are kept. */
export const zRecoveryCodes = lazy(() => z.object({ recoveryCodes: z.array(z.string()) }));
export type TRecoveryCodes = z.infer<typeof zRecoveryCodes>;

export const authenticatorApi = lazy(() => ({
  authenticator: endpoint({
    method: "GET",
    path: "/account/authenticator",
    summary: "Whether the own authenticator app is in use, and how many recovery codes are left (staff)",
    response: zAuthenticatorStatus,
    errors: [401, 403],
  }),
  startAuthenticator: endpoint({
    method: "POST",
    path: "/account/authenticator",
    summary: "Start setting up an authenticator app: its secret and QR code (staff, current password)",
    body: zCurrentPasswordBody,
    response: zAuthenticatorSetup,
    errors: [400, 401, 403, 409, 429],
  }),
  confirmAuthenticator: endpoint({
    method: "POST",
    path: "/account/authenticator/confirm",
    summary: "Put the authenticator app in use with its first code; answers ten recovery codes, shown once",
    body: zAuthenticatorConfirm,
    response: zRecoveryCodes,
    errors: [400, 401, 403, 409, 429],
  }),
  renewRecoveryCodes: endpoint({
    method: "POST",
    path: "/account/authenticator/recovery-codes",
    summary: "Ten new recovery codes in place of the old ones (staff, current password)",
    body: zCurrentPasswordBody,
    response: zRecoveryCodes,
    errors: [400, 401, 403, 409, 429],
  }),
  removeAuthenticator: endpoint({
    method: "DELETE",
    path: "/account/authenticator",
    summary: "Stop using the authenticator app: login codes come by SMS again (staff, current password)",
    body: zCurrentPasswordBody,
    response: zMessage,
    errors: [400, 401, 403, 409, 429],
  }),
}));
