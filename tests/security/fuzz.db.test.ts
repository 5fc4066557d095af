/**
 * OpenAPI-driven fuzz. Every operation of the OpenAPI document gets
 * requests derived from its JSON schemas, valid-shaped and spoiled (wrong types, missing and extra
 * fields, huge strings and numbers, control characters and odd unicode, SQL and script payloads,
 * path parameters that are no ids, other spellings of the path, malformed JSON, odd content types,
 * bodies over the size limit). An upload (an application/octet-stream body) gets a file's bytes
 * instead: an allowed type's signature and random bytes, or JSON, nothing, an executable, 10 MB, a
 * wrong content type or a hostile file name. Requests are sent in-process as anonymous, a super
 * admin, an employer admin and an employee. Every answer must be < 500, an API error must be the JSON
 * error body with its status, and no body may show a stack trace, SQL or a secret; afterwards the
 * health check must still be fast. New endpoints are fuzzed as soon as they are in the document.
 *
 * `npm run test:pg` sends FUZZ_RUNS requests (default 10,000) from FUZZ_SEED (fixed by default; CI picks
 * one for each run); `npm run fuzz` sends 100,000. A failure prints the seed and the failing requests; the same FUZZ_SEED and FUZZ_RUNS
 * replay the same sequence.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, expect, it } from "vitest";
import { SCIM_TOKEN_PREFIX } from "../../src/domain/scim.ts";
import {
  companyScimTokens,
  orders,
  payoutBatches,
  roles,
  storePayables,
  userRoles,
} from "../../src/server/db/schema/index.ts";
import { randomToken, sha256 } from "../../src/server/modules/auth/tokens.ts";
import { companyIdByName } from "../helpers/ids.ts";
import { setupTestApp } from "../helpers/test-app.ts";
import { caseArbitrary, toRequest } from "./fuzz/cases.ts";
import { responseProblems } from "./fuzz/checks.ts";
import { ANONYMOUS, loginIdentities } from "./fuzz/identities.ts";
import { harvestKnownIds } from "./fuzz/known-ids.ts";
import { operationShape } from "./fuzz/operation-shape.ts";
import { Tally } from "./fuzz/tally.ts";
import { openApiOperations } from "./openapi-operations.ts";

const RUNS = Number(process.env.FUZZ_RUNS || 10_000);
const SEED = Number(process.env.FUZZ_SEED || 20_260_407);
const SECRET = "fuzz-signing-secret-which-no-answer-may-ever-contain";
const ADMIN = "admin@pedaali.test";
/**
 * The helpdesk beside the super admin: what one staff member may not do alone (make staff, give a staff
 * role) is tried by one who may not, and checked after the run (`fuzzLeftNoViolation`).
 */
const IDENTITY_EMAILS = [ADMIN, "helpdesk@pedaali.test", "employer.admin@demo.test", "employee@demo.test"];
/**
 * Fuzzed only anonymously: logout ends the identity's session on purpose, and logging in again
 * (argon2 and a two-factor step) would cost more than the rest of the run.
 */
const ANONYMOUS_ONLY = new Set(["POST /api/logout"]);
const HEALTH_CHECK = "/api/health-check";

// A stand-in for the built web app, so GETs outside /api meet the SPA fallback as in production.
const webDir = mkdtempSync(join(tmpdir(), "pedaali-fuzz-web-"));
writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Pedaali</title>");
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const t = setupTestApp({ jwtSecret: SECRET, webDistDir: webDir }, { demoData: true });

it(
  `answers ${RUNS} fuzzed requests without a 5xx, a malformed error or a leak, and stays healthy`,
  async () => {
    const shapes = openApiOperations(t.app).map(operationShape);
    const identities = await loginIdentities(t.app, IDENTITY_EMAILS);
    const excluded = await identities.userIds();
    const knownIds = await harvestKnownIds(t.app, shapes, identities.headers(ADMIN), excluded);
    const options = {
      identities: identities.names,
      knownIds,
      anonymousOnly: ANONYMOUS_ONLY,
      addresses: 1024,
    };
    const cases = fc.oneof(...shapes.map((shape) => caseArbitrary(shape, options)));
    const scimBearer = await demoScimToken();

    const fuzzStarted = new Date();
    const tally = new Tally();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const request = toRequest(c, identities.headers(c.identity));
        // The SCIM endpoint's door is the company's bearer token, not a session: the logged-in
        // identities carry Demo Oy's, so their requests reach the handlers; anonymous meets the 401.
        if (c.identity !== ANONYMOUS && /^\/scim\//i.test(request.url))
          request.headers.authorization = scimBearer;
        try {
          const res = await t.app.inject({
            method: request.method as "GET",
            url: request.url,
            headers: request.headers,
            remoteAddress: request.remoteAddress,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          tally.record(request, res.statusCode, responseProblems(request, res, SECRET), res.body);
          await identities.afterResponse(c.identity, res);
        } catch (error) {
          tally.record(request, 0, [`inject threw: ${error}`], "");
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);

    const health = await healthTimings();
    const never2xx = tally.neverSucceeded(shapes.map((s) => s.key));
    console.info(
      `fuzz: ${tally.sent} requests over ${shapes.length} operations ` +
        `(${shapes.filter((s) => s.binary).length} uploads) in ${seconds.toFixed(1)} s ` +
        `(CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, seed ${SEED}); statuses ${tally.histogram()}; ` +
        `429 ${((tally.count(429) / tally.sent) * 100).toFixed(2)} %; re-logins ${identities.relogins()}; ` +
        `health p50 ${health.p50.toFixed(1)} ms; never 2xx (${never2xx.length}): ${never2xx.join(", ") || "none"}`,
    );

    const replay = `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project db tests/security/fuzz.db.test.ts`;
    expect(tally.failed, tally.report(replay)).toBe(0);
    expect(await violationsAfter(fuzzStarted), replay).toEqual([]);
    expect(health.statuses.every((s) => s === 200)).toBe(true);
    expect(health.p50).toBeLessThan(50);
  },
  // A few ms a request when idle; the margin covers a busy shared machine.
  60_000 + RUNS * 30,
);

/**
 * What no sequence of requests may leave behind, whoever sent them: a staff role given since `since` by
 * anyone but a super admin, or a payable still to be paid for a cancelled or refunded order.
 */
async function violationsAfter(since: Date): Promise<string[]> {
  const { db } = t.database;
  const superAdmins = new Set(
    (
      await db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(roles.name, "SUPER_ADMIN"))
    ).map((r) => r.id),
  );
  const staffGrants = await db
    .select({ id: userRoles.id, by: userRoles.grantedByUserId })
    .from(userRoles)
    .where(and(isNull(userRoles.companyId), gte(userRoles.createdAt, since)));
  const stillToPay = await db
    .select({ id: storePayables.id, status: storePayables.status, batch: payoutBatches.status })
    .from(storePayables)
    .innerJoin(orders, eq(orders.id, storePayables.orderId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, storePayables.payoutBatchId))
    .where(inArray(orders.orderStatus, ["CANCELLED", "REFUNDED"]));
  return [
    ...staffGrants
      .filter((g) => !g.by || !superAdmins.has(g.by))
      .map((g) => `a staff role given by someone not a super admin: ${g.id}`),
    ...stillToPay
      .filter((p) => p.status === "OPEN" || (p.status === "IN_BATCH" && p.batch === "CREATED"))
      .map((p) => `a cancelled or refunded order's payable still to be paid: ${p.id}`),
  ];
}

/** A SCIM token of Demo Oy, as its identity provider sends it (`Bearer …`). */
async function demoScimToken(): Promise<string> {
  const { db } = t.database;
  const companyId = await companyIdByName(db, "Demo Oy");
  // One token in use per company: the demo's own (whose token nobody knows) makes way.
  await db
    .update(companyScimTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(companyScimTokens.companyId, companyId), isNull(companyScimTokens.revokedAt)));
  const token = `${SCIM_TOKEN_PREFIX}${randomToken()}`;
  await db.insert(companyScimTokens).values({ companyId, tokenHash: sha256(token) });
  return `Bearer ${token}`;
}

/** The health check timed 20 times after the fuzz: it must still answer at once. */
async function healthTimings() {
  const timings: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await t.app.inject({ method: "GET", url: HEALTH_CHECK });
    timings.push(performance.now() - started);
    statuses.push(res.statusCode);
  }
  timings.sort((a, b) => a - b);
  return { p50: timings[10] ?? Number.POSITIVE_INFINITY, statuses };
}
