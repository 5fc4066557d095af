import { eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  type TOwnDetailsUpdate,
  type TOwnMunicipalityUpdate,
  zUserPreferences,
} from "../../../contract/account.ts";
import type { TSessionUser } from "../../../contract/auth.ts";
import { mergePreferences, preferencesWithinLimits } from "../../../domain/preferences.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { systemUsers, userPreferences, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { notFound, unauthorized } from "../../errors.ts";
import { type CurrentUser, loadCurrentUser, toSessionUser } from "../auth/session-user.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import { validEmail } from "../registration/field-rules.ts";
import { preferencesTooLarge } from "./errors.ts";
import { rememberOwnMunicipality } from "./own-municipality.ts";

/**
 * The user's own details (/kayttaja: names, language, municipality and church) and preferences (docs/api-surface.md /api/user-preferences). Preferences are
 * one JSON document per user, merged key by key on every PUT; a key sent as null is removed, and the
 * merged document stays within the limits of src/domain/preferences.ts. The same document may be
 * reached without a session through its token (a link in a mail); only the token's sha256 is stored.
 */

type Preferences = z.infer<typeof zUserPreferences>;

/** What answers carry: only keys the contract accepts, so a stray stored value never breaks a response. */
function toPreferences(document: Record<string, unknown> | null | undefined): Preferences {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document ?? {})) {
    if (zUserPreferences.safeParse({ [key]: value }).success) out[key] = value;
  }
  return out as Preferences;
}

/**
 * Merges a patch into the preference row that `where` finds, or answers null when there is none. The
 * row is locked while the merged document is checked against the limits, so two writes at once cannot
 * together pass them; a document over the limits is refused and the row left as it was.
 */
async function mergeIntoRow(db: Db, where: SQL, patch: Preferences): Promise<Preferences | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await lockRows(
      tx,
      "userPreferences",
      tx
        .select({ id: userPreferences.id, preferences: userPreferences.preferences })
        .from(userPreferences)
        .where(where)
        .for("update"),
    );
    if (!row) return null;
    const merged = mergePreferences(row.preferences, patch);
    if (!preferencesWithinLimits(merged)) {
      throw preferencesTooLarge();
    }
    await tx.update(userPreferences).set({ preferences: merged }).where(eq(userPreferences.id, row.id));
    return toPreferences(merged);
  });
}

/** Makes (or replaces) the preferences token of a user, for a link in a mail; answers the token. */
export async function issuePreferencesToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db
    .insert(userPreferences)
    .values({ userId, tokenHash: sha256(token) })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { tokenHash: sha256(token) } });
  return token;
}

export function createAccountService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The session user as the own details' change left it. */
  async function freshSessionUser(userId: string): Promise<TSessionUser> {
    const fresh = await loadCurrentUser(db, userId);
    if (!fresh) throw unauthorized();
    return toSessionUser(fresh);
  }

  return {
    /** Names, personal e-mail and language; answers the fresh session user. */
    async updateOwnDetails(user: CurrentUser, input: TOwnDetailsUpdate): Promise<TSessionUser> {
      const personalEmail = input.personalEmail
        ? validEmail(input.personalEmail, "body.personalEmail")
        : null;
      await inTransaction(db, async (tx) => {
        const profile = { firstName: input.firstName, lastName: input.lastName, personalEmail };
        await tx
          .insert(systemUsers)
          .values({ userId: user.id, ...profile })
          .onConflictDoUpdate({ target: systemUsers.userId, set: profile });
        await tx.update(users).set({ language: input.language }).where(eq(users.id, user.id));
      });
      return freshSessionUser(user.id);
    },

    /** The municipality of residence and church the calculator and /mybike start from. */
    async updateOwnMunicipality(user: CurrentUser, input: TOwnMunicipalityUpdate): Promise<TSessionUser> {
      await rememberOwnMunicipality(db, user, input, new Date());
      return freshSessionUser(user.id);
    },

    async updateOwnPreferences(user: CurrentUser, patch: Preferences): Promise<{ data: Preferences }> {
      // The first write makes the (empty) row, so there is always a row to lock and merge into.
      await db.insert(userPreferences).values({ userId: user.id }).onConflictDoNothing();
      const data = await mergeIntoRow(db, eq(userPreferences.userId, user.id), patch);
      if (!data) throw unauthorized();
      return { data };
    },

    /** Own preferences, or anyone's for the admin tier with system-users.read; otherwise 404. */
    async preferencesOfUser(viewer: CurrentUser, userId: string): Promise<{ data: Preferences }> {
      const mayRead =
        viewer.id === userId ||
        (viewer.scope.kind === "all" &&
          !viewer.deactivated &&
          viewer.permissions.includes("system-users.read"));
      if (!mayRead) throw notFound("User preferences");
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!target) throw notFound("User preferences");
      const [row] = await db
        .select({ preferences: userPreferences.preferences })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return { data: toPreferences(row?.preferences) };
    },

    async preferencesByToken(token: string): Promise<{ data: Preferences }> {
      const [row] = await db
        .select({ preferences: userPreferences.preferences })
        .from(userPreferences)
        .where(eq(userPreferences.tokenHash, sha256(token)));
      if (!row) throw notFound("User preferences");
      return { data: toPreferences(row.preferences) };
    },

    async updatePreferencesByToken(token: string, patch: Preferences): Promise<{ data: Preferences }> {
      const data = await mergeIntoRow(db, eq(userPreferences.tokenHash, sha256(token)), patch);
      if (!data) throw notFound("User preferences");
      return { data };
    },
  };
}
