import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { permissionsOfRoles } from "../../../domain/permissions.ts";
import {
  companies,
  groupCompanies,
  roles,
  systemUsers,
  userPreferences,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { loadCurrentUser } from "./session-user.ts";

const t = setupTestApp({}, { demoData: true });
const db = () => t.database.db;
const unique = () => randomUUID().slice(0, 8);

/** The one row an insert returned. */
function only<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("no row returned");
  return row;
}

async function roleId(name: string): Promise<string> {
  const [row] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id ?? only(await db().insert(roles).values({ name }).returning({ id: roles.id })).id;
}

async function newCompany(name: string, options: { groupId?: string; deleted?: boolean } = {}) {
  return only(
    await db()
      .insert(companies)
      .values({
        name,
        groupCompanyId: options.groupId ?? null,
        deletedAt: options.deleted ? new Date() : null,
      })
      .returning({ id: companies.id, name: companies.name, groupCompanyId: companies.groupCompanyId }),
  );
}

async function newGroup(): Promise<string> {
  return only(
    await db()
      .insert(groupCompanies)
      .values({ name: `Konserni ${unique()}` })
      .returning(),
  ).id;
}

/** A user with only what the test gives them: no profile, no preferences, no roles by default. */
async function newUser(
  options: {
    profile?: { firstName: string; lastName: string; personalEmail?: string; companyId?: string };
    preferences?: Record<string, unknown>;
    roles?: { role: string; companyId: string | null }[];
  } = {},
): Promise<string> {
  const { id: userId } = only(
    await db()
      .insert(users)
      .values({ email: `user-${unique()}@session-user.test` })
      .returning({ id: users.id }),
  );
  if (options.profile)
    await db()
      .insert(systemUsers)
      .values({ userId, ...options.profile });
  if (options.preferences)
    await db().insert(userPreferences).values({ userId, preferences: options.preferences });
  for (const { role, companyId } of options.roles ?? []) {
    await db()
      .insert(userRoles)
      .values({ userId, roleId: await roleId(role), companyId });
  }
  return userId;
}

async function load(userId: string) {
  const user = await loadCurrentUser(db(), userId);
  if (!user) throw new Error("no user loaded");
  return user;
}

describe("loadCurrentUser", () => {
  it("finds no one for a user id that does not exist (a token of a deleted account opens nothing)", async () => {
    expect(await loadCurrentUser(db(), randomUUID())).toBeNull();
  });

  it("gives the admin tier every company (scope all), without listing them", async () => {
    for (const email of ["admin@pedaali.test", "helpdesk@pedaali.test"]) {
      const admin = await load(await userIdByEmail(db(), email));
      expect(admin.scope).toEqual({ kind: "all" });
      expect(admin.companies).toEqual([]);
    }
  });

  it("limits an employer to the live companies where they hold a role; a deleted company drops out", async () => {
    const live = await newCompany(`Elävä ${unique()} Oy`);
    const deleted = await newCompany(`Poistettu ${unique()} Oy`, { deleted: true });
    const userId = await newUser({
      roles: [
        { role: "EMPLOYER_ADMIN", companyId: live.id },
        { role: "EMPLOYER_EDITOR", companyId: deleted.id },
      ],
    });
    const user = await load(userId);
    expect(user.scope).toEqual({ kind: "companies", companyIds: [live.id] });
    expect(user.companies).toEqual([live]);
    expect([...user.roles].sort()).toEqual(["EMPLOYER_ADMIN", "EMPLOYER_EDITOR"]);
    // Each role brings the permissions stored for it (the seed's defaults here).
    expect([...user.permissions].sort()).toEqual(
      permissionsOfRoles(["EMPLOYER_ADMIN", "EMPLOYER_EDITOR"]).sort(),
    );
  });

  it("gives a group admin every live company of the group, in Finnish alphabetical order (Ö after Z)", async () => {
    const groupId = await newGroup();
    const tag = unique();
    const zeta = await newCompany(`Zeta ${tag} Oy`, { groupId });
    const orkki = await newCompany(`Örkki ${tag} Oy`, { groupId });
    const aalto = await newCompany(`Aalto ${tag} Oy`, { groupId });
    await newCompany(`Beta ${tag} Oy`, { groupId, deleted: true });
    await newCompany(`Ulkopuolinen ${tag} Oy`); // outside the group
    const groupAdmin = await load(
      await newUser({ roles: [{ role: "EMPLOYER_GROUP_ADMIN", companyId: zeta.id }] }),
    );
    expect(groupAdmin.companies).toEqual([aalto, zeta, orkki]);
    expect(groupAdmin.scope).toEqual({ kind: "companies", companyIds: [aalto.id, zeta.id, orkki.id] });

    // Another role in the same company does not open the group.
    const editor = await load(await newUser({ roles: [{ role: "EMPLOYER_EDITOR", companyId: zeta.id }] }));
    expect(editor.scope).toEqual({ kind: "companies", companyIds: [zeta.id] });
  });

  it("lets a user who holds no role in any company see no company", async () => {
    for (const userId of [
      await newUser(),
      await newUser({ roles: [{ role: "BIKE_BENEFICIARY", companyId: null }] }),
    ]) {
      const user = await load(userId);
      expect(user.scope).toEqual({ kind: "companies", companyIds: [] });
      expect(user.companies).toEqual([]);
    }
  });

  it("answers a user without a profile row with empty names, no personal e-mail and no home company", async () => {
    const user = await load(await newUser());
    expect(user).toMatchObject({ firstName: "", lastName: "", personalEmail: null, companyId: null });
    expect(user.roles).toEqual([]);
    expect(user.permissions).toEqual([]);
  });

  it("takes the names, personal e-mail and home company from the profile", async () => {
    const home = await newCompany(`Koti ${unique()} Oy`);
    const userId = await newUser({
      profile: {
        firstName: "Aino",
        lastName: "Virtanen",
        personalEmail: "aino@koti.test",
        companyId: home.id,
      },
    });
    expect(await load(userId)).toMatchObject({
      id: userId,
      firstName: "Aino",
      lastName: "Virtanen",
      personalEmail: "aino@koti.test",
      companyId: home.id,
      language: "fi",
      deactivated: false,
    });
  });

  it("keeps a known theme choice and reads a missing, unknown or non-string one as no choice", async () => {
    const themeOf = async (preferences?: Record<string, unknown>) =>
      (await load(await newUser(preferences ? { preferences } : {}))).preferences.theme;
    expect(await themeOf({ theme: "dark" })).toBe("dark");
    expect(await themeOf({ theme: "light" })).toBe("light");
    expect(await themeOf({ theme: "purple" })).toBeNull();
    expect(await themeOf({ theme: 1 })).toBeNull();
    expect(await themeOf({})).toBeNull();
    expect(await themeOf()).toBeNull();
  });

  it("grants nothing through a role that holds no permission (no blank permission slips in)", async () => {
    const company = await newCompany(`Tyhjä ${unique()} Oy`);
    const userId = await newUser({ roles: [{ role: `NO_PERMISSIONS_${unique()}`, companyId: company.id }] });
    const user = await load(userId);
    expect(user.permissions).toEqual([]);
    expect(user.userRoles).toHaveLength(1);
    expect(user.userRoles[0]?.role.rolePermissions).toEqual([]);
  });
});
