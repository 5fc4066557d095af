import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { zErrorResponse } from "../../src/contract/errors.ts";
import { CSRF_HEADER } from "../../src/domain/constants.ts";
import { rolePermissions, roles, userRoles, users } from "../../src/server/db/schema/index.ts";
import { cookieHeader, loginAs, type Session } from "../helpers/auth.ts";
import { userIdByEmail } from "../helpers/ids.ts";
import { setupTestApp } from "../helpers/test-app.ts";
import {
  type Call,
  type Caller,
  expectationFor,
  expectedAnswer,
  type Fixtures,
  IDENTITIES,
  IDENTITY_EMAILS,
  type Identity,
  MATRIX,
  MATRIX_SERVER_SECRET,
  type MatrixRow,
  nextAddress,
  resolveFixtures,
  type UserField,
} from "./access-matrix.ts";
import { bodyProperties, fillPath, type OpenApiOperation, openApiOperations } from "./openapi-operations.ts";

/**
 * Runs the authorization matrix of access-matrix.ts: (a) the table lists exactly the operations of
 * the OpenAPI document; (b) every operation answers every identity exactly as the table says, and a
 * refused call leaves its target as it was; (c) every write an identity may make ignores or refuses
 * fields the caller must not set (mass assignment). One app and one database for the file; each
 * identity logs in once; cases make their own throw-away objects, so they pass in any order.
 */

const t = setupTestApp({ jwtSecret: MATRIX_SERVER_SECRET }, { demoData: true });
let f: Fixtures;
let operations: Map<string, OpenApiOperation>;
const sessions = new Map<Identity, { session: Session; userId: string }>();

beforeAll(async () => {
  f = await resolveFixtures(t.app, t.database.db);
  operations = new Map(openApiOperations(t.app).map((o) => [o.key, o]));
  // Each identity logs in once for the file (argon2 and a two-factor step each); in parallel, as
  // argon2 hashes on worker threads while the database answers.
  const logins = Object.entries(IDENTITY_EMAILS).map(async ([identity, email]) => {
    const userId = await userIdByEmail(t.database.db, email);
    sessions.set(identity as Identity, { session: await loginAs(t.app, email), userId });
  });
  await Promise.all(logins);
});

const ROWS_FILE = "tests/security/access-matrix.ts";

describe("the access matrix covers the API", () => {
  it("has exactly one row per operation of the OpenAPI document", () => {
    const documented = [...operations.keys()];
    const listed = MATRIX.map((row) => row.operation);
    const missing = documented.filter((key) => !listed.includes(key));
    const gone = listed.filter((key) => !documented.includes(key));
    const twice = listed.filter((key, i) => listed.indexOf(key) !== i);
    const names = (keys: string[]) => keys.map((key) => `\n  ${key}`).join("");
    expect(
      missing,
      `Operations without a row; add one for each to MATRIX in ${ROWS_FILE}:${names(missing)}`,
    ).toEqual([]);
    expect(
      gone,
      `Rows for operations the API no longer has; remove them from ${ROWS_FILE}:${names(gone)}`,
    ).toEqual([]);
    expect(twice, `operations with more than one row in MATRIX (${ROWS_FILE})`).toEqual([]);
  });

  it("marks as uploads exactly the operations whose body is a file's bytes", () => {
    const binary = (key: string) => {
      const spec = operations.get(key)?.spec as { requestBody?: { content?: object } } | undefined;
      return Object.keys(spec?.requestBody?.content ?? {}).includes("application/octet-stream");
    };
    const wrong = MATRIX.filter((row) => binary(row.operation) !== (row.upload === true)).map(
      (row) => row.operation,
    );
    expect(wrong, "rows whose `upload` flag disagrees with the operation's request body").toEqual([]);
  });
});

/** The caller of a case; with `fresh`, on a session logged in for this case alone. */
async function callerFor(identity: Identity, fresh: boolean): Promise<Omit<Prepared, "call">> {
  if (identity === "anonymous")
    return { caller: { identity, userId: null, csrfToken: null }, session: undefined };
  const known = sessions.get(identity);
  if (!known) throw new Error(`${identity} did not log in`);
  const session = fresh ? await loginAs(t.app, IDENTITY_EMAILS[identity]) : known.session;
  return { caller: { identity, userId: known.userId, csrfToken: session.jar.csrfToken ?? null }, session };
}

type Prepared = { call: Call; caller: Caller; session: Session | undefined };

/** Builds the row's request for the identity. */
async function prepare(row: MatrixRow, identity: Identity): Promise<Prepared> {
  const { caller, session } = await callerFor(identity, row.freshSession === true);
  return { call: await row.call(f, caller), caller, session };
}

/**
 * Sends a prepared request the way the web app would: cookies, CSRF header, a JSON body (or an upload's
 * raw bytes).
 */
function send(
  row: MatrixRow,
  { call, session }: Prepared,
  payload: unknown = call.rawBody ?? call.form?.() ?? call.body,
) {
  const [method, path] = row.operation.split(" ") as [string, string];
  const query = new URLSearchParams(call.query ?? {}).toString();
  const jar = { ...session?.jar, ...call.cookies };
  const headers: Record<string, string> = { ...call.headers };
  if (Object.keys(jar).length > 0) headers.cookie = cookieHeader(jar);
  if (session) headers[CSRF_HEADER] = session.jar.csrfToken ?? "";
  if (Buffer.isBuffer(payload)) headers["content-type"] = "application/octet-stream";
  return t.app.inject({
    method: method as "GET",
    url: `${fillPath(path, call.params ?? {})}${query ? `?${query}` : ""}`,
    headers,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

type UserSnapshot = Record<UserField, unknown>;

/** The security-relevant fields of a user; roles as sorted `ROLE@companyId` (`@global` for none). */
async function snapshot(userId: string): Promise<UserSnapshot> {
  const { db } = t.database;
  const [user] = await db
    .select({
      email: users.email,
      deactivated: users.deactivated,
      passwordHash: users.passwordHash,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  return { ...user, roles: await rolesOf(userId) };
}

async function rolesOf(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ name: roles.name, companyId: userRoles.companyId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => `${r.name}@${r.companyId ?? "global"}`).sort();
}

function without(snap: UserSnapshot, fields: readonly UserField[]): Partial<UserSnapshot> {
  return Object.fromEntries(Object.entries(snap).filter(([k]) => !fields.includes(k as UserField)));
}

const cases = MATRIX.flatMap((row) =>
  IDENTITIES.map((identity) => {
    const answer = expectedAnswer(row, expectationFor(row, identity));
    return { row, identity, answer, name: `${row.operation} as ${identity} → ${answer.status}` };
  }),
);

// Plain loops rather than it.for: Vitest shortens interpolated names, and a failure must name its case.
describe("every operation answers every identity as the matrix says", () => {
  for (const { row, identity, answer, name } of cases) {
    it(name, async () => {
      const prepared = await prepare(row, identity);
      const target = prepared.call.target;
      const targetBefore = target && (await snapshot(target.userId));
      const res = await send(row, prepared);
      expect(res.statusCode, `${row.operation} as ${identity}: ${res.body}`).toBe(answer.status);
      if (answer.code) expect(zErrorResponse.parse(res.json()).code, res.body).toBe(answer.code);
      // A refused call changes nothing of the user it aimed at.
      if (target && res.statusCode >= 400) {
        expect(await snapshot(target.userId), "a refused call changed its target user").toEqual(targetBefore);
      }
    });
  }
});

/**
 * A caller who may not use an operation is refused before their input is judged: the same refusal for
 * a malformed body, never the operation's 400 with its field errors, which would tell them what it
 * takes. The body keeps the ids that name the object acted on (an order, a company) and has every other
 * field the wrong type; one that is not an object becomes a JSON array, which no operation takes.
 */
function malformed(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return ["malformed"];
  const names = (key: string, value: unknown) => key.endsWith("Id") && typeof value === "string";
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, names(key, value) ? value : { malformed: true }]),
  );
}

const WRITES = new Set(["POST", "PUT", "PATCH"]);
const WRITES_AND_DELETES = new Set([...WRITES, "DELETE"]);
const REFUSALS = new Set([401, 403, 404]);
const malformedCases = cases.filter(
  ({ row, answer }) =>
    WRITES_AND_DELETES.has(row.operation.split(" ")[0] ?? "") && REFUSALS.has(answer.status) && !row.upload,
);

describe("a refused caller is refused whatever the body", () => {
  for (const { row, identity, answer } of malformedCases) {
    it(`${row.operation} as ${identity} with a malformed body → ${answer.status}`, async () => {
      const prepared = await prepare(row, identity);
      const res = await send(row, prepared, malformed(prepared.call.body));
      expect(res.statusCode, res.body).toBe(answer.status);
      if (answer.code) expect(zErrorResponse.parse(res.json()).code, res.body).toBe(answer.code);
    });
  }
});

/**
 * Fields no caller may set through a write: sent besides the valid body (never replacing a field the
 * operation takes), each pointing somewhere it must not reach.
 */
function forbiddenFields(fx: Fixtures): Record<string, unknown> {
  return {
    id: fx.employeeUserId,
    userId: fx.employeeUserId,
    companyId: fx.otherCompanyId,
    roles: ["SUPER_ADMIN"],
    roleIds: [fx.superAdminRoleId],
    permissions: ["roles.manage"],
    deactivated: true,
    isSuperAdmin: true,
    isSystem: true,
    email: "taken.over@attacker.test",
    createdAt: "2000-01-01T00:00:00.000Z",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$Zm9yZ2Vk$Zm9yZ2VkZm9yZ2Vk",
  };
}

// An upload's body is the file's bytes: it has no fields to add (its query is checked like any other).
const writeCases = cases.filter(
  ({ row, answer }) => WRITES.has(row.operation.split(" ")[0] ?? "") && answer.status < 300 && !row.upload,
);

describe("mass assignment: writes ignore or refuse fields the caller must not set", () => {
  for (const { row, identity, answer } of writeCases) {
    it(`${row.operation} as ${identity}`, async () => {
      const prepared = await prepare(row, identity);
      const { call, caller } = prepared;
      const operation = operations.get(row.operation);
      if (!operation) throw new Error(`${row.operation} is not in the OpenAPI document`);
      const own = new Set(bodyProperties(operation));
      const extras = Object.entries(forbiddenFields(f)).filter(([name]) => !own.has(name));
      const watched = [caller.userId, f.employeeUserId].filter((id): id is string => !!id);
      const before = new Map(await Promise.all(watched.map(async (id) => [id, await snapshot(id)] as const)));
      const targetBefore = call.target && (await snapshot(call.target.userId));

      const res = await send(row, prepared, { ...Object.fromEntries(extras), ...(call.body as object) });
      expect([answer.status, 400], res.body).toContain(res.statusCode);

      // The caller's own account and the account the extra ids point at are untouched.
      for (const [id, snap] of before) {
        const whose = id === caller.userId ? "the caller's own account" : "the account the extra ids name";
        expect(await snapshot(id), `${whose} changed`).toEqual(snap);
      }
      if (call.target && targetBefore) {
        const after = await snapshot(call.target.userId);
        const { changes, roles: rolesAfter } = call.target;
        const only = `the target user changed beyond ${changes.join(", ") || "nothing"}`;
        expect(without(after, changes), only).toEqual(without(targetBefore, changes));
        if (rolesAfter && res.statusCode < 300)
          expect(after.roles, "target roles").toEqual([...rolesAfter].sort());
      }
      if (call.createsUser && res.statusCode < 300) {
        const id = await userIdByEmail(t.database.db, call.createsUser.email);
        const created = await snapshot(id);
        expect(created.roles, "the created user's roles").toEqual([...call.createsUser.roles].sort());
        expect(created.deactivated, "the created user is deactivated").toBe(false);
      }
      if (call.createsRole && res.statusCode < 300) await expectPlainRole(call.createsRole);
    });
  }
});

/** A role made through the API: not built in, and holding no permission. */
async function expectPlainRole(name: string) {
  const { db } = t.database;
  const [role] = await db
    .select({ id: roles.id, isSystem: roles.isSystem })
    .from(roles)
    .where(sql`lower(${roles.name}) = ${name.toLowerCase()}`);
  expect(role?.isSystem, "the created role is built in").toBe(false);
  const granted = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, role?.id ?? ""));
  expect(granted, "the created role has permissions").toEqual([]);
}
