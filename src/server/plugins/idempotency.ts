import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IDEMPOTENT_REPLAYED_HEADER, zIdempotencyHeaders } from "../../contract/idempotency.ts";
import {
  canonicalJson,
  IDEMPOTENCY_CLAIM_STALE_MS,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  isIdempotencyKey,
  type KeyedRequest,
  keepsAnswer,
  keyedCallOutcome,
} from "../../domain/idempotency.ts";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { idempotencyKeyInUse, idempotencyKeyReused } from "../errors.ts";
import { currentUser } from "./auth.ts";

/**
 * Idempotency-Keys on the calls that move money (src/contract/idempotency.ts). A route takes part when
 * its contract endpoint says `idempotent: true`: endpointRoute then validates the header and marks the
 * route's config, and the hooks here do the rest, once for every such route.
 *
 * Before the handler (after the guard, so only a caller allowed the call gets an answer), the key is
 * claimed by inserting its row first: the primary key (user, key) lets exactly one of two calls at once
 * in. The one let in acts; its answer (status and body, as sent) is kept with the key when it is sent.
 * Another call under the key is answered from the row: the first answer again, or 409 while the first
 * is under way, or 422 when it is another call. A server failure (5xx) frees the key, so the call can
 * be tried again: its transaction was rolled back.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route keeps its answers under the caller's Idempotency-Key (set by endpointRoute). */
    idempotency?: boolean;
  }
}

const CLAIM = "idempotencyClaim";
type Claim = { userId: string; key: string } | undefined;

/** The fingerprint of a call: its body and query, whatever the order of their fields. */
function requestHash(request: FastifyRequest): string {
  return createHash("sha256")
    .update(canonicalJson({ body: request.body ?? null, query: request.query ?? null }))
    .digest("hex");
}

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] as string;

type ClaimOutcome =
  | { kind: "CLAIMED" }
  | { kind: "REPLAY"; statusCode: number; body: string }
  | { kind: "IN_PROGRESS" | "OTHER_REQUEST" };

/** Takes the user's key for this call, or says what the key already holds. */
async function claimKey(
  db: Db,
  userId: string,
  key: string,
  call: KeyedRequest,
  now: Date,
): Promise<ClaimOutcome> {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  // A key past its lifetime, or left under way by a server that stopped, is free again.
  await db.delete(idempotencyKeys).where(
    and(
      mine,
      sql`(${idempotencyKeys.createdAt} < ${new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)}
          or (${idempotencyKeys.statusCode} is null
            and ${idempotencyKeys.createdAt} < ${new Date(now.getTime() - IDEMPOTENCY_CLAIM_STALE_MS)}))`,
    ),
  );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, ...call, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: "CLAIMED" };
  const [stored] = await db.select().from(idempotencyKeys).where(mine);
  // Deleted between the insert and the read (it lapsed just then): the caller may try again.
  if (!stored) return { kind: "IN_PROGRESS" };
  const outcome = keyedCallOutcome(stored, call);
  if (outcome === "REPLAY")
    return { kind: "REPLAY", statusCode: stored.statusCode as number, body: stored.responseBody as string };
  return { kind: outcome };
}

/** Keeps the answer sent under a claimed key, or frees the key after a server failure. */
async function settleKey(db: Db, claim: NonNullable<Claim>, statusCode: number, body: unknown, now: Date) {
  const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  if (!keepsAnswer(statusCode) || (typeof body !== "string" && body !== undefined && body !== null)) {
    await db.delete(idempotencyKeys).where(mine);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode, responseBody: typeof body === "string" ? body : "", answeredAt: now })
    .where(mine);
}

/**
 * Registers the hooks. Called before the compression is registered: the answer is kept as the JSON
 * text the serializer wrote, before it is compressed, and sent again so (compressed again if asked).
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest(CLAIM, undefined);

  // endpointRoute sets both; a route that spreads it and then gives a config of its own loses the mark
  // and would take the header without keeping anything: refused when the route is registered.
  app.addHook("onRoute", (route) => {
    const schema = route.schema as { headers?: unknown } | undefined;
    if (schema?.headers === zIdempotencyHeaders && !route.config?.idempotency)
      throw new Error(
        `${route.method} ${route.url} takes an Idempotency-Key but lost its idempotency config`,
      );
  });

  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config?.idempotency) return;
    const key = request.headers["idempotency-key"];
    // The route's schema refused a malformed key (400); without one the call acts as any other.
    if (!isIdempotencyKey(key)) return;
    const userId = currentUser(request).id;
    const outcome = await claimKey(
      db,
      userId,
      key,
      { method: request.method, path: pathOf(request), requestHash: requestHash(request) },
      new Date(),
    );
    switch (outcome.kind) {
      case "CLAIMED":
        request.setDecorator<Claim>(CLAIM, { userId, key });
        return;
      case "REPLAY":
        return reply
          .code(outcome.statusCode)
          .header("content-type", "application/json; charset=utf-8")
          .header(IDEMPOTENT_REPLAYED_HEADER, "true")
          .send(outcome.body);
      case "IN_PROGRESS":
        throw idempotencyKeyInUse();
      case "OTHER_REQUEST":
        throw idempotencyKeyReused();
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.getDecorator<Claim>(CLAIM);
    if (!claim) return payload;
    request.setDecorator<Claim>(CLAIM, undefined);
    try {
      await settleKey(db, claim, reply.statusCode, payload, new Date());
    } catch (error) {
      // The call has acted; its answer still goes out. The key stays under way until it is stale, so a
      // retry meanwhile is 409 and never acts a second time.
      request.log.error({ err: error }, "could not keep the answer under its Idempotency-Key");
    }
    return payload;
  });
}
