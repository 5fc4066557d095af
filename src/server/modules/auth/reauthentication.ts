import { eq } from "drizzle-orm";
import { REAUTH_FAILURE_WINDOW_SECONDS, REAUTH_FAILURES_PER_USER } from "../../../domain/contact-change.ts";
import type { AppContext } from "../../context.ts";
import { users } from "../../db/schema/index.ts";
import {
  currentPasswordRequired,
  reauthenticationFailed,
  tooManyContactChanges,
} from "../system-users/errors.ts";
import { decoyPasswordHash, verifyPassword } from "./passwords.ts";

/**
 * The current password asked again before a change to how the account logs in (its e-mail, its
 * phone, its authenticator app, its recovery codes): a session left open on someone else's screen is
 * not enough for it. Tries are counted per user in one count for every such change, shared by the
 * app's instances (src/server/counters.ts), each before its password is checked and only below the
 * limit (so passwords sent at once cannot all be checked); at the limit the answer is 429 before any
 * check, and the right password clears the count.
 */
export function createReauthentication(ctx: AppContext) {
  const tries = ctx.counters.window("reauth-failures", REAUTH_FAILURE_WINDOW_SECONDS * 1000);
  const reauthentication = {
    /** The password of a user whose account row the caller has not read (it is read here). */
    async checkUser(userId: string, password: string | undefined) {
      const [row] = await ctx.database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      await reauthentication.check({ id: userId, passwordHash: row?.passwordHash ?? null }, password);
    },

    async check(user: { id: string; passwordHash: string | null }, password: string | undefined) {
      if (!password) throw currentPasswordRequired();
      const key = `user:${user.id}`;
      if (!(await tries.addBelow(key, REAUTH_FAILURES_PER_USER)).counted) throw tooManyContactChanges();
      const ok = await verifyPassword(user.passwordHash ?? (await decoyPasswordHash()), password);
      if (!ok || !user.passwordHash) throw reauthenticationFailed();
      await tries.reset(key);
    },
  };
  return reauthentication;
}
