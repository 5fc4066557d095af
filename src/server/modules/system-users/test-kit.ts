import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { eventLog, permissions, rolePermissions, roles } from "../../db/schema/index.ts";

/**
 * The user administration's API tests (read-users, create-user, change-user and deactivate-user
 * .db.test.ts): the demo people who call, and on each file's own app the ids, events and permissions
 * they look up or grant.
 */

export const ADMIN = "admin@pedaali.test";
export const HELPDESK = "helpdesk@pedaali.test";
export const DEMO_ADMIN = "employer.admin@demo.test";
export const GROUP_ADMIN = "group.admin@demo.test";
export const TOINEN_ADMIN = "employer.admin@toinen.test";
export const EMPLOYEE = "employee@demo.test";
export const REPORTING = "reporting@demo.test";

/** The calls and look-ups of a user administration test file, on the app its setupTestApp built. */
export function systemUsersKit(t: TestApp) {
  const { as, call, forget } = apiCaller(t);

  const userId = (email: string) => userIdByEmail(t.database.db, email);

  const companyId = (name: string) => companyIdByName(t.database.db, name);

  async function events(type: string, entityId: string) {
    return t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, entityId), sql`${eventLog.type} = ${type}`));
  }

  /** Gives a built-in role a permission for the tests of one describe block, and takes it back after. */
  function grantDuringBlock(roleName: string, permissionName: string) {
    let pair: { roleId: string; permissionId: string } | null = null;
    beforeAll(async () => {
      const { db } = t.database;
      const [role] = await db.select().from(roles).where(eq(roles.name, roleName));
      const [permission] = await db.select().from(permissions).where(eq(permissions.name, permissionName));
      pair = { roleId: role?.id as string, permissionId: permission?.id as string };
      await db.insert(rolePermissions).values(pair).onConflictDoNothing();
    });
    afterAll(async () => {
      if (pair) {
        await t.database.db
          .delete(rolePermissions)
          .where(
            and(eq(rolePermissions.roleId, pair.roleId), eq(rolePermissions.permissionId, pair.permissionId)),
          );
      }
    });
  }

  return { as, call, forget, userId, companyId, events, grantDuringBlock };
}
