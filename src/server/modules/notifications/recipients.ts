import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bikeStoreUsers, roles, userRoles, users } from "../../db/schema/index.ts";

/** A user who gets a company's bell notifications, with the language their texts are written in. */
export type BellRecipient = { userId: string; language: string };

/**
 * Who gets a company's bell notifications (SPEC §6: the bell is the employer admin's): the active users
 * holding EMPLOYER_ADMIN in the company, once each.
 */
export async function employerAdminsOf(db: Db, companyId: string): Promise<BellRecipient[]> {
  const rows = await db
    .selectDistinct({ userId: userRoles.userId, language: users.language })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(eq(roles.name, "EMPLOYER_ADMIN"), eq(userRoles.companyId, companyId), eq(users.deactivated, false)),
    );
  return rows;
}

/** Every active employer admin of any company (platform-wide system updates), once each. */
export async function allEmployerAdmins(db: Db): Promise<BellRecipient[]> {
  return db
    .selectDistinct({ userId: userRoles.userId, language: users.language })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(roles.name, ["EMPLOYER_ADMIN"]), eq(users.deactivated, false)));
}

/** The active users of a bike store's account, once each (a defect reported of a bike it handed over). */
export async function storeUsersOf(db: Db, bikeStoreId: string): Promise<BellRecipient[]> {
  return db
    .selectDistinct({ userId: bikeStoreUsers.userId, language: users.language })
    .from(bikeStoreUsers)
    .innerJoin(users, eq(users.id, bikeStoreUsers.userId))
    .where(and(eq(bikeStoreUsers.bikeStoreId, bikeStoreId), eq(users.deactivated, false)));
}
