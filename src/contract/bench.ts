import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * What `npm run bench` measures the API against, in the server's own process. Registered only when
 * BENCH_ROUTES is on, which the config never allows in production; there the paths do not exist.
 *
 * - PUT /api/bench/answers/:key keeps a JSON answer's bytes, GET /api/bench/answers/:key serves them
 *   behind the same session check as the API (any logged-in user), with no work but the framework's:
 *   the bench's ceiling for each call.
 * - PUT /api/bench/anonymous-answers/:key keeps the answer of an anonymous call (the calculator, the
 *   login), GET /api/bench/anonymous-answers/:key serves it without any session: the ceiling of a
 *   call that has none. An answer kept behind the session is never served here.
 * - POST /api/bench/statements starts recording the SQL the app runs, GET /api/bench/statements
 *   answers what was recorded since (statement and parameters, in order): the bench runs them
 *   straight through `pg` to compare a call with the database time it needs.
 */
const zKey = lazy(() => z.object({ key: z.string().regex(/^[\w-]{1,64}$/) }));

const zBenchStatements = lazy(() =>
  z.object({
    items: z.array(z.object({ sql: z.string(), params: z.array(z.unknown()) })),
  }),
);
export type TBenchStatements = z.infer<typeof zBenchStatements>;

export const benchApi = lazy(() => ({
  keepAnswer: endpoint({
    method: "PUT",
    path: "/bench/answers/:key",
    summary: "Keep a JSON answer to serve as the bench's ceiling (benchmarks only, never in production)",
    params: zKey,
    body: z.unknown(),
    response: z.object({ bytes: z.int() }),
    errors: [400, 401],
  }),
  answer: endpoint({
    method: "GET",
    path: "/bench/answers/:key",
    summary: "The kept answer's bytes behind the session check (benchmarks only, never in production)",
    params: zKey,
    response: z.unknown(),
    errors: [401, 404],
  }),
  keepAnonymousAnswer: endpoint({
    method: "PUT",
    path: "/bench/anonymous-answers/:key",
    summary:
      "Keep an anonymous call's answer to serve without a session (benchmarks only, never in production)",
    params: zKey,
    body: z.unknown(),
    response: z.object({ bytes: z.int() }),
    errors: [400, 401],
  }),
  anonymousAnswer: endpoint({
    method: "GET",
    path: "/bench/anonymous-answers/:key",
    summary: "An anonymous call's kept answer, without a session (benchmarks only, never in production)",
    params: zKey,
    response: z.unknown(),
    errors: [404],
  }),
  recordStatements: endpoint({
    method: "POST",
    path: "/bench/statements",
    summary: "Start recording the SQL the app runs (benchmarks only, never in production)",
    response: z.object({ recording: z.literal(true) }),
    errors: [401],
  }),
  statements: endpoint({
    method: "GET",
    path: "/bench/statements",
    summary: "The SQL recorded since the recording started (benchmarks only, never in production)",
    response: zBenchStatements,
    errors: [401],
  }),
}));
