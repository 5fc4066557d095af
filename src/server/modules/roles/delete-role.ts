import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { roles } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";

/** Deletes a role nobody holds (ROLE_DELETED); a role a parallel request deleted first logs nothing. */
export async function deleteRole(ctx: WriteContext, role: { id: string; name: string }): Promise<void> {
  const deleted = await ctx.tx.delete(roles).where(eq(roles.id, role.id)).returning({ id: roles.id });
  if (deleted.length === 0) return;
  await recordEvent(ctx, {
    type: "ROLE_DELETED",
    entity: { type: "role", id: role.id },
    companyId: null,
    data: { role: role.name },
  });
}
