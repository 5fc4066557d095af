import { eq } from "drizzle-orm";
import type { TPlatformSettings } from "../../../contract/admin.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { platformSettings } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { hasAuthenticator } from "../auth/authenticator.ts";
import { ownAppFirst } from "./errors.ts";

/**
 * The platform's one row of settings (platform_settings). A change moves auth_generation (migration
 * 0022), so every instance reads its session users again with it: a staff user without an
 * authenticator app meets the requirement on their next call, not at their next login.
 */
export function createPlatformSettingsService(ctx: AppContext) {
  const { db } = ctx.database;
  const shape = (row: typeof platformSettings.$inferSelect): TPlatformSettings => ({
    staffAuthenticatorRequired: row.staffAuthenticatorRequired,
    updatedAt: row.updatedAt.toISOString(),
  });
  return {
    async get(): Promise<TPlatformSettings> {
      const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
      if (!row) throw new Error("platform_settings has no row: migration 0022 makes it");
      return shape(row);
    },

    async update(actorUserId: string, staffAuthenticatorRequired: boolean): Promise<TPlatformSettings> {
      // Whoever turns it on is staff too: without an app of their own they would lock themselves out.
      if (staffAuthenticatorRequired && !(await hasAuthenticator(db, actorUserId))) throw ownAppFirst();
      return write(db, { actor: { userId: actorUserId } }, async (w) => {
        const [row] = await w.tx
          .update(platformSettings)
          .set({ staffAuthenticatorRequired, updatedAt: w.now, updatedByUserId: actorUserId })
          .where(eq(platformSettings.id, 1))
          .returning();
        if (!row) throw new Error("platform_settings has no row: migration 0022 makes it");
        await recordEvent(w, {
          type: "PLATFORM_SETTINGS_UPDATED",
          entity: { type: "user", id: actorUserId },
          companyId: null,
          data: { staffAuthenticatorRequired },
        });
        return shape(row);
      });
    },
  };
}
