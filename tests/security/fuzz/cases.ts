import fc from "fast-check";
import { CSRF_HEADER } from "../../../src/domain/constants.ts";
import { ANONYMOUS } from "./identities.ts";
import type { KnownIds } from "./known-ids.ts";
import { applyMutation, type Mutation, mutationArbitrary } from "./mutations.ts";
import { type Draft, draftArbitrary, type OperationShape } from "./operation-shape.ts";
import { ORIGINS } from "./payloads.ts";
import type { FuzzRequest } from "./request.ts";

/** One generated request: which operation, as whom, its inputs and how they are spoiled. */
export type FuzzCase = {
  shape: OperationShape;
  identity: string;
  draft: Draft;
  mutation: Mutation;
  origin: string | undefined;
  csrf: "ok" | "missing" | "wrong";
  address: number;
};

export type CaseOptions = {
  identities: string[];
  knownIds: KnownIds;
  /** Operations only anonymous callers are fuzzed with (the reason is where the set is made). */
  anonymousOnly: ReadonlySet<string>;
  /**
   * How many client addresses requests come from. Rate limits count per address: spread over enough
   * of them, a route's limit answers some requests with 429 without drowning the rest.
   */
  addresses: number;
};

export function caseArbitrary(shape: OperationShape, options: CaseOptions): fc.Arbitrary<FuzzCase> {
  const callers = options.anonymousOnly.has(shape.key) ? [ANONYMOUS] : options.identities;
  return fc.record({
    shape: fc.constant(shape),
    identity: fc.constantFrom(...callers),
    draft: draftArbitrary(shape, { knownIds: (name) => options.knownIds.forName(name) }),
    mutation: mutationArbitrary(shape),
    origin: fc.oneof(...ORIGINS.map(({ weight, value }) => ({ weight, arbitrary: fc.constant(value) }))),
    // Mostly the right CSRF token, so that logged-in calls reach their handlers; sometimes none or a forged one.
    csrf: fc.oneof(
      { weight: 18, arbitrary: fc.constant("ok" as const) },
      { weight: 1, arbitrary: fc.constant("missing" as const) },
      { weight: 1, arbitrary: fc.constant("wrong" as const) },
    ),
    address: fc.nat(options.addresses - 1),
  });
}

/** Spells a case out as the request to send, with the identity's session headers. */
export function toRequest(c: FuzzCase, sessionHeaders: Record<string, string>): FuzzRequest {
  const spelled = applyMutation(c.shape, c.draft, c.mutation);
  const headers = { ...sessionHeaders, ...spelled.headers };
  if (c.origin) headers.origin = c.origin;
  if (CSRF_HEADER in headers && c.csrf !== "ok") {
    if (c.csrf === "missing") delete headers[CSRF_HEADER];
    else headers[CSRF_HEADER] = "forged";
  }
  return {
    operation: c.shape.key,
    identity: c.identity,
    mutation: c.mutation.kind,
    method: spelled.method,
    url: spelled.url,
    headers,
    ...(spelled.payload === undefined ? {} : { payload: spelled.payload }),
    remoteAddress: `10.${(c.address >> 8) & 255}.${c.address & 255}.7`,
  };
}
