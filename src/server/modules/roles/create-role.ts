import type { TCreateRole } from "../../../contract/roles.ts";
import { recordEvent } from "../../db/event-log.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { roles } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { roleNameTaken } from "./errors.ts";

/**
 * A new role of the admin tier's own, without permissions (ROLE_CREATED). A name another request
 * took first is 409 ROLE_NAME_TAKEN, as the check before the write answers.
 */
export async function createRole(ctx: WriteContext, input: TCreateRole): Promise<string> {
  try {
    const [role] = await ctx.tx
      .insert(roles)
      .values({ name: input.name, description: input.description || null, isSystem: false })
      .returning({ id: roles.id });
    const id = role?.id as string;
    await recordEvent(ctx, {
      type: "ROLE_CREATED",
      entity: { type: "role", id },
      companyId: null,
      data: { role: input.name },
    });
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw roleNameTaken();
    throw error;
  }
}
