import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { church, language } from "./enums.ts";

/**
 * A person's identity and credentials: the login (work) e-mail, the password hash, the phone number
 * used for two-factor codes, and the deactivation state. The profile is in system_users (1:1).
 */
export const users = pgTable(
  "users",
  {
    id: id(),
    /** The login and work e-mail; unique without regard to case. */
    email: text().notNull(),
    /** argon2id hash; null = no password set yet (login answers 400 NO_PASSWORD_SET). */
    passwordHash: text(),
    passwordChangedAt: timestamptz(),
    /** E.164-ish normalised number (+358...); verified by the first two-factor code sent to it. */
    phoneNumber: text(),
    phoneVerifiedAt: timestamptz(),
    /**
     * The personal identity code that strong identification proved, as a keyed hash (HMAC under a key
     * derived from the server's secret): a later signature must come from the same person.
     */
    identityCodeHash: text(),
    deactivated: boolean().notNull().default(false),
    deactivatedAt: timestamptz(),
    lastLoginAt: timestamptz(),
    /**
     * When the person's data was erased at their request (GDPR art. 17): the row stays for the ids the
     * kept records point at, with no personal data left; what a law keeps is listed in legal_holds.
     */
    erasedAt: timestamptz(),
    language: language().notNull().default("fi"),
    /**
     * Grows by one whenever anything the session user is read from changes (this row's login details,
     * the profile, preferences, roles): the server keeps each user's loaded session in memory and
     * reloads it when the number it last saw has moved. Kept by triggers (migration 0012_session_versions), so no writer
     * can forget it.
     */
    authVersion: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    // Prefix search of the employer's employee list (LIKE 'x%' needs the pattern operator class).
    index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    // "Contains" search of the lists by e-mail (src/server/db/person-search.ts): trigrams, any case.
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    check("users_email_check", sql`position('@' in ${t.email}) > 1`),
    check("users_deactivated_at_check", sql`${t.deactivated} or ${t.deactivatedAt} is null`),
  ],
);

/**
 * The person's profile (SPEC "system user"): names, personal e-mail, home company, and the municipality
 * of residence and church the calculator and /mybike work out their net pay with.
 */
export const systemUsers = pgTable(
  "system_users",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    personalEmail: text(),
    /** Home company; null for admins and helpdesk. */
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    /**
     * The municipality of residence by its Statistics Finland code ("092"), checked against the year's
     * municipal tax rates when saved; null until the person chooses one.
     */
    municipalityCode: text(),
    /** The church whose parish tax the person pays; null until they say. */
    church: church(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("system_users_user_unique").on(t.userId),
    check(
      "system_users_municipality_code_check",
      sql`${t.municipalityCode} is null or ${t.municipalityCode} ~ '^[0-9]{3}$'`,
    ),
    index("system_users_company_idx").on(t.companyId),
    index("system_users_last_name_idx").on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    // Prefix search of the employer's employee list by first name, last name, or "first last".
    index("system_users_first_name_prefix_idx").on(sql`lower(${t.firstName}) text_pattern_ops`),
    index("system_users_last_name_prefix_idx").on(sql`lower(${t.lastName}) text_pattern_ops`),
    index("system_users_full_name_prefix_idx").on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    // "Contains" search of the lists by name, "First Last" or either name (src/server/db/person-search.ts).
    index("system_users_full_name_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

/** Roles (docs/product.md "Roles"). Seeded with the ROLES of src/domain/roles.ts; admins may add their own. */
export const roles = pgTable(
  "roles",
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    /** A role of src/domain/roles.ts: the app depends on it, so it cannot be deleted. */
    isSystem: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("roles_name_unique").on(t.name)],
);

export const permissions = pgTable(
  "permissions",
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("permissions_name_unique").on(t.name)],
);

/** rolePermissions (roleId, permissionId): a join table keyed by the pair. */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: uuid()
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index("role_permissions_permission_idx").on(t.permissionId),
  ],
);

/**
 * A role held by a user in one company (employer roles, beneficiary) or globally (companyId null:
 * SUPER_ADMIN, INTERNAL_ADMIN). A group admin holds EMPLOYER_GROUP_ADMIN in a company of the group.
 */
export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    grantedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // One assignment per (user, role, company); the second index covers the global (null company) case.
    uniqueIndex("user_roles_user_role_company_unique")
      .on(t.userId, t.roleId, t.companyId)
      .where(sql`${t.companyId} is not null`),
    uniqueIndex("user_roles_user_role_global_unique")
      .on(t.userId, t.roleId)
      .where(sql`${t.companyId} is null`),
    index("user_roles_role_idx").on(t.roleId),
    // A user's roles (every request's session, the user lists' role names): the unique indexes above
    // are partial, so they do not serve a look-up by user alone.
    index("user_roles_user_idx").on(t.userId),
    index("user_roles_company_idx").on(t.companyId),
  ],
);

/**
 * User preferences (theme, language, notification choices...) as a JSON document, reachable by the
 * user or by a token (GET/PUT /api/user-preferences/token/{token}, e.g. from an e-mail link).
 */
export const userPreferences = pgTable(
  "user_preferences",
  {
    id: id(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the preference token; the token itself is never stored. */
    tokenHash: text(),
    preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("user_preferences_user_unique").on(t.userId),
    uniqueIndex("user_preferences_token_hash_unique").on(t.tokenHash),
    check("user_preferences_owner_check", sql`${t.userId} is not null or ${t.tokenHash} is not null`),
  ],
);
