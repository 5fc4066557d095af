import { and, asc, desc, eq, exists, inArray } from "drizzle-orm";
import { PERSON_ACCESSES_SHOWN, type TPersonAccessList } from "../../../contract/person-access.ts";
import { ADMIN_ROLES } from "../../../domain/roles.ts";
import type { Db } from "../../db/client.ts";
import { companies, personAccessLog, roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";

/** A person's latest reads by others, newest first, with who read and for which company. */
export async function accessesOf(db: Db, userId: string): Promise<TPersonAccessList> {
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!person) throw notFound("User");
  const rows = await db
    .select({
      id: personAccessLog.id,
      kind: personAccessLog.kind,
      viewerUserId: personAccessLog.viewerUserId,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
      companyName: companies.name,
      addressRange: personAccessLog.addressRange,
      createdAt: personAccessLog.createdAt,
    })
    .from(personAccessLog)
    .leftJoin(users, eq(users.id, personAccessLog.viewerUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, personAccessLog.viewerUserId))
    .leftJoin(companies, eq(companies.id, personAccessLog.companyId))
    .where(eq(personAccessLog.subjectUserId, userId))
    .orderBy(desc(personAccessLog.createdAt), desc(personAccessLog.id))
    .limit(PERSON_ACCESSES_SHOWN);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      viewer:
        row.viewerUserId && row.email
          ? {
              userId: row.viewerUserId,
              firstName: row.firstName ?? "",
              lastName: row.lastName ?? "",
              email: row.email,
            }
          : null,
      companyName: row.companyName,
      addressRange: row.addressRange,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Who looked at the person's data, for their own export: for each read, whether it was their employer
 * (and which company) or Pedaali's staff, what and when. The reader is told by their side, not by name:
 * the export holds nothing about another person.
 */
export async function accessLogSection(db: Db, self: string) {
  const staff = exists(
    db
      .select({ one: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, personAccessLog.viewerUserId), inArray(roles.name, [...ADMIN_ROLES]))),
  );
  const rows = await db
    .select({
      kind: personAccessLog.kind,
      byStaff: staff,
      companyName: companies.name,
      createdAt: personAccessLog.createdAt,
    })
    .from(personAccessLog)
    .leftJoin(companies, eq(companies.id, personAccessLog.companyId))
    .where(eq(personAccessLog.subjectUserId, self))
    .orderBy(asc(personAccessLog.createdAt), asc(personAccessLog.id));
  return rows.map((row) => ({
    kind: row.kind,
    by: row.byStaff ? "PEDAALI" : "EMPLOYER",
    companyName: row.byStaff ? null : row.companyName,
    createdAt: row.createdAt.toISOString(),
  }));
}
