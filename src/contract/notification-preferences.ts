import { z } from "zod";
import { isEssentialKind, NOTIFICATION_CHOICES, NOTIFICATION_KINDS } from "../domain/notification-kinds.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * How a person hears of each kind of notification (/kayttaja): inbox only, mail at once, or the daily
 * digest; and the one-click unsubscribe of a mail's kind, reached without a session by the token the
 * mail carries (RFC 8058).
 */

const zNotificationKind = lazy(() => z.enum(NOTIFICATION_KINDS));
const zNotificationChoice = lazy(() => z.enum(NOTIFICATION_CHOICES));

const zNotificationPreference = lazy(() =>
  z.object({
    kind: zNotificationKind,
    choice: zNotificationChoice,
    /** Required by law or the contract: always mailed, the choice cannot be changed. */
    essential: z.boolean(),
  }),
);
export type TNotificationPreference = z.infer<typeof zNotificationPreference>;

/** The kinds that concern the person's roles, each with their choice (mail when never chosen). */
export const zNotificationPreferences = lazy(() => z.object({ items: z.array(zNotificationPreference) }));
export type TNotificationPreferences = z.infer<typeof zNotificationPreferences>;

/**
 * PUT: the kinds to change, each once; an essential kind may only be sent as mail (a field error names
 * its choice).
 */
const zNotificationPreferencesUpdate = lazy(() =>
  z.object({
    preferences: z
      .array(z.object({ kind: zNotificationKind, choice: zNotificationChoice }))
      .min(1)
      .max(NOTIFICATION_KINDS.length)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        for (const [index, item] of items.entries()) {
          if (seen.has(item.kind)) {
            ctx.addIssue({ code: "custom", path: [index, "kind"], message: "Each kind only once" });
          }
          seen.add(item.kind);
          if (isEssentialKind(item.kind) && item.choice !== "MAIL") {
            ctx.addIssue({
              code: "custom",
              path: [index, "choice"],
              message: "Required by law or the contract: always mailed",
            });
          }
        }
      }),
  }),
);
export type TNotificationPreferencesUpdate = z.infer<typeof zNotificationPreferencesUpdate>;

/** `<user id>.<kind>.<keyed hash>`: the shape of an unsubscribe token; its hash is checked by the server. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[0-9a-f-]{36}\.[A-Z_]{1,40}\.[0-9a-f]{32}$/;
const zUnsubscribeParams = lazy(() =>
  z.object({
    token: z.string().max(120).regex(UNSUBSCRIBE_TOKEN_PATTERN),
  }),
);

/** What an unsubscribe link turns off: one kind, to inbox only. */
export const zUnsubscribeAnswer = lazy(() =>
  z.object({ kind: zNotificationKind, choice: zNotificationChoice }),
);
export type TUnsubscribeAnswer = z.infer<typeof zUnsubscribeAnswer>;

export const notificationPreferencesApi = lazy(() => ({
  own: endpoint({
    method: "GET",
    path: "/account/notification-preferences",
    summary: "The own choice per kind of notification: inbox only, mail or the daily digest",
    response: zNotificationPreferences,
    errors: [401, 403],
  }),
  updateOwn: endpoint({
    method: "PUT",
    path: "/account/notification-preferences",
    summary: "Change the own choice of some kinds of notification; essential kinds stay mail",
    body: zNotificationPreferencesUpdate,
    response: zNotificationPreferences,
    errors: [400, 401, 403, 429],
  }),
  unsubscribeTarget: endpoint({
    method: "GET",
    path: "/unsubscribe/:token",
    summary: "What an unsubscribe link of a mail turns off (no session; changes nothing)",
    params: zUnsubscribeParams,
    response: zUnsubscribeAnswer,
    errors: [400, 404, 429],
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/unsubscribe/:token",
    summary:
      "One-click unsubscribe (RFC 8058): the link's kind of notification is no longer mailed, only " +
      "shown in the service (no session)",
    params: zUnsubscribeParams,
    response: zUnsubscribeAnswer,
    errors: [400, 404, 429],
  }),
}));
