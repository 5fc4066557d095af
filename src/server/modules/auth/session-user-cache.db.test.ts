import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAs } from "../../../../tests/helpers/auth.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  companies,
  permissions,
  rolePermissions,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { sessionUserCacheOf } from "./session-user-cache.ts";
import { userVersionOf } from "./sessions.ts";

/**
 * The session user is kept in memory between requests and read again as soon as anything it is made
 * of changes, whoever writes it: each change here goes straight to the database, as another module,
 * another instance or a person at the database would make it, and the very next request sees it.
 */
const t = setupTestApp({}, { demoData: true });
const db = () => t.database.db;

async function me(headers: Record<string, string>) {
  const res = await t.app.inject({ url: "/api/user", headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { firstName: string; permissions: string[]; companies: { name: string }[] };
}

describe("the session user kept between requests", () => {
  it("is served from memory while nothing it is made of changes", async () => {
    const session = await loginAs(t.app, "reporting@demo.test");
    const userId = await userIdByEmail(db(), "reporting@demo.test");
    const first = await me(session.headers());
    const version = (await userVersionOf(db(), userId)) as string;
    const kept = sessionUserCacheOf(t.database).get(userId, version);
    expect(kept?.firstName).toBe(first.firstName);
    expect(await me(session.headers())).toEqual(first);
    // Still the same object: the second request did not read the user again.
    expect(sessionUserCacheOf(t.database).get(userId, version)).toBe(kept);
  });

  it("is read again after a change of the profile, a role, a company or what a role permits", async () => {
    const session = await loginAs(t.app, "employer.editor@demo.test");
    const userId = await userIdByEmail(db(), "employer.editor@demo.test");
    const before = await me(session.headers());

    await db().update(systemUsers).set({ firstName: "Muutettu" }).where(eq(systemUsers.userId, userId));
    expect((await me(session.headers())).firstName).toBe("Muutettu");

    const [company] = await db()
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.name, before.companies[0]?.name ?? ""));
    await db()
      .update(companies)
      .set({ name: `${company?.name} (uusi nimi)` })
      .where(eq(companies.id, company?.id as string));
    expect((await me(session.headers())).companies.map((c) => c.name)).toContain(
      `${company?.name} (uusi nimi)`,
    );
    await db()
      .update(companies)
      .set({ name: company?.name as string })
      .where(eq(companies.id, company?.id as string));

    const permission = before.permissions[0] as string;
    const [grant] = await db()
      .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(roles.name, "EMPLOYER_EDITOR"), eq(permissions.name, permission)));
    await db()
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, grant?.roleId as string),
          eq(rolePermissions.permissionId, grant?.permissionId as string),
        ),
      );
    expect((await me(session.headers())).permissions).not.toContain(permission);
    await db()
      .insert(rolePermissions)
      .values({ roleId: grant?.roleId as string, permissionId: grant?.permissionId as string });
    expect((await me(session.headers())).permissions).toContain(permission);

    await db().delete(userRoles).where(eq(userRoles.userId, userId));
    expect((await me(session.headers())).permissions).toEqual([]);
  });

  it("refuses a user deactivated a moment ago", async () => {
    const session = await loginAs(t.app, "employer.admin@demo.test");
    const headers = session.headers();
    const allowed = await t.app.inject({ url: "/api/notifications/unread-count", headers });
    expect(allowed.statusCode, allowed.body).toBe(200);
    await db()
      .update(users)
      .set({ deactivated: true, deactivatedAt: sql`now()` })
      .where(eq(users.email, "employer.admin@demo.test"));
    const refused = await t.app.inject({ url: "/api/notifications/unread-count", headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("USER_DEACTIVATED");
  });
});
