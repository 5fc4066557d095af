import { and, eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { rolePermissions } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";

/**
 * What a role may do: a permission added to or removed from it. A repeat that changes nothing writes
 * no event row.
 */

type Named = { id: string; name: string };

export async function addPermission(ctx: WriteContext, role: Named, permission: Named): Promise<void> {
  const added = await ctx.tx
    .insert(rolePermissions)
    .values({ roleId: role.id, permissionId: permission.id })
    .onConflictDoNothing()
    .returning({ roleId: rolePermissions.roleId });
  if (added.length === 0) return;
  await recordEvent(ctx, {
    type: "ROLE_PERMISSION_ADDED",
    entity: { type: "role", id: role.id },
    companyId: null,
    data: { role: role.name, permission: permission.name },
  });
}

export async function removePermission(ctx: WriteContext, role: Named, permission: Named): Promise<void> {
  const removed = await ctx.tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, permission.id)))
    .returning({ roleId: rolePermissions.roleId });
  if (removed.length === 0) return;
  await recordEvent(ctx, {
    type: "ROLE_PERMISSION_REMOVED",
    entity: { type: "role", id: role.id },
    companyId: null,
    data: { role: role.name, permission: permission.name },
  });
}
