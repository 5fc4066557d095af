import { z } from "zod";
import { zCurrentPasswordBody } from "./authenticator.ts";
import { zMessage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * A staff user's passkeys (WebAuthn), beside their authenticator app: added from their own details
 * with the current password (POST …/options gives the browser's creation options, POST /account/passkeys
 * its answer), used at login instead of the app's code (POST /api/verify/passkey), removed with the
 * password again. The WebAuthn JSON travels as the browser makes it; the server checks it with
 * @simplewebauthn/server.
 */

/** WebAuthn's own JSON (options to the browser, a credential back): checked by the WebAuthn library. */
const zWebAuthnJson = lazy(() => z.record(z.string(), z.unknown()));

export const zPasskey = lazy(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
);
export type TPasskey = z.infer<typeof zPasskey>;

export const zPasskeys = lazy(() => z.object({ passkeys: z.array(zPasskey) }));

const zAddPasskey = lazy(() =>
  z.object({
    name: zSingleLineText({ min: 1, max: 60 }),
    response: zWebAuthnJson,
  }),
);

const zPasskeyParams = lazy(() => z.object({ id: z.uuid() }));

export const passkeysApi = lazy(() => ({
  passkeys: endpoint({
    method: "GET",
    path: "/account/passkeys",
    summary: "The own passkeys (staff)",
    response: zPasskeys,
    errors: [401, 403],
  }),
  passkeyOptions: endpoint({
    method: "POST",
    path: "/account/passkeys/options",
    summary:
      "Start adding a passkey: the browser's creation options (staff with an authenticator app, current password)",
    body: zCurrentPasswordBody,
    response: zWebAuthnJson,
    errors: [400, 401, 403, 409, 429],
  }),
  addPasskey: endpoint({
    method: "POST",
    path: "/account/passkeys",
    summary: "Add the passkey the browser made from the options",
    body: zAddPasskey,
    status: 201,
    response: zPasskey,
    errors: [400, 401, 403, 409, 429],
  }),
  removePasskey: endpoint({
    method: "DELETE",
    path: "/account/passkeys/:id",
    summary: "Remove an own passkey (current password)",
    params: zPasskeyParams,
    body: zCurrentPasswordBody,
    response: zMessage,
    errors: [400, 401, 403, 404, 429],
  }),
}));
