import { eq } from "drizzle-orm";
import type {
  TNotificationPreferences,
  TNotificationPreferencesUpdate,
  TUnsubscribeAnswer,
} from "../../../contract/notification-preferences.ts";
import {
  DEFAULT_NOTIFICATION_CHOICE,
  isEssentialKind,
  kindsForRoles,
  type NotificationKind,
} from "../../../domain/notification-kinds.ts";
import type { AppContext } from "../../context.ts";
import { users } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { storeChoices, storedChoices } from "./choices.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/**
 * A person's own choice per kind of notification (/kayttaja), and the one-click unsubscribe of a mail's
 * kind. Only the kinds that concern the person's roles are listed; essential kinds are listed as mail,
 * locked, whatever is stored.
 */
export function createNotificationPreferencesService(ctx: AppContext) {
  const { db } = ctx.database;
  const secret = ctx.config.jwtSecret;

  async function listFor(user: CurrentUser): Promise<TNotificationPreferences> {
    const stored = await storedChoices(db, user.id);
    return {
      items: kindsForRoles(user.roleNames).map((kind) => {
        const essential = isEssentialKind(kind);
        return {
          kind,
          essential,
          choice: essential ? "MAIL" : (stored[kind] ?? DEFAULT_NOTIFICATION_CHOICE),
        };
      }),
    };
  }

  /** The person and the non-essential kind of a token made by this server; otherwise 404. */
  async function targetOf(token: string): Promise<{ userId: string; kind: NotificationKind }> {
    const target = readUnsubscribeToken(secret, token);
    if (!target || isEssentialKind(target.kind)) throw notFound("Unsubscribe link");
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
    if (!user) throw notFound("Unsubscribe link");
    return target;
  }

  return {
    own: listFor,

    async updateOwn(
      user: CurrentUser,
      input: TNotificationPreferencesUpdate,
    ): Promise<TNotificationPreferences> {
      await storeChoices(db, user.id, input.preferences);
      return listFor(user);
    },

    async unsubscribeTarget(token: string): Promise<TUnsubscribeAnswer> {
      const { userId, kind } = await targetOf(token);
      const stored = await storedChoices(db, userId);
      return { kind, choice: stored[kind] ?? DEFAULT_NOTIFICATION_CHOICE };
    },

    /** Turns the token's kind to inbox only; answering again does the same (a mail client may retry). */
    async unsubscribe(token: string): Promise<TUnsubscribeAnswer> {
      const { userId, kind } = await targetOf(token);
      await storeChoices(db, userId, [{ kind, choice: "INBOX_ONLY" }]);
      return { kind, choice: "INBOX_ONLY" };
    },
  };
}
