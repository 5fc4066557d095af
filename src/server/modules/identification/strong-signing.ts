import { and, eq } from "drizzle-orm";
import type { TIdentificationStart } from "../../../contract/identification.ts";
import {
  canonicalIdentityCode,
  FTN_LEVELS_OF_ASSURANCE,
  isSamePerson,
} from "../../../domain/identification.ts";
import { buildPath } from "../../../domain/routes.ts";
import type { AppContext } from "../../context.ts";
import { fieldHash, fieldHashes, isComparableHash, sealField } from "../../data-keys.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders, strongIdentifications, users } from "../../db/schema/index.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import type { ProvenIdentity, ProviderProfile } from "../../oidc/relying-party.ts";
import { HASHED_PURPOSES, SEALED_PURPOSES } from "../../sealed-fields.ts";
import { type CurrentUser, loadCurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { decideForEmployer } from "../orders/employer-decision.ts";
import { asOrderUser } from "../orders/lifecycle.ts";
import { agreementOf, ownOrderOf } from "../orders/queries.ts";
import { type SignerMeta, signAgreement } from "../orders/sign-agreement.ts";
import { signingBlock } from "../orders/signing.ts";
import { type IdentificationOutcome, identityMismatch, strongIdentificationUnavailable } from "./errors.ts";
import { ensureSigningMethod } from "./policy.ts";
import { openSignIn, type TakenSignIn, takeSignIn } from "./sign-ins.ts";

/**
 * Signing the leasing agreement (the employee) and approving an order (the employer) with strong
 * electronic identification through the platform's broker, under the FTN OpenID Connect profile
 * (src/server/oidc/relying-party.ts). The start checks that the order waits for this signature and
 * answers the broker's address; the callback proves the person, checks that they are the one on
 * record, and signs or approves in one transaction with the evidence row.
 */

const IDENTITY_CODE_INFO = HASHED_PURPOSES.identityCode;
/** The broker's signed answer holds the identity code: it is kept sealed, as evidence only. */
const ID_TOKEN_INFO = SEALED_PURPOSES.idToken;
const CALLBACK_PATH = "/api/identification/callback";

type Purpose = "SIGN_AGREEMENT" | "APPROVE_ORDER";

/** Where the browser returns to: the employee's bike page, or the employer portal's orders tab. */
function returnTo(purpose: Purpose, outcome: "SIGNED" | IdentificationOutcome | string): string {
  const result = `identification=${encodeURIComponent(outcome)}`;
  return purpose === "SIGN_AGREEMENT"
    ? `${buildPath("myBike")}?${result}`
    : `${buildPath("employer")}?valilehti=tilaukset&${result}`;
}

/** The verified person's names, from the name claims the FTN profile gives. */
function verifiedNames(claims: Record<string, unknown>) {
  const text = (key: string) => (typeof claims[key] === "string" ? (claims[key] as string).trim() : "");
  const givenName = text("given_name");
  const familyName = text("family_name");
  const name = text("name") || `${givenName} ${familyName}`.trim();
  return { name, givenName, familyName };
}

export function createStrongSigning(ctx: AppContext) {
  const { db } = ctx.database;
  const ring = ctx.config;

  function profile(): ProviderProfile {
    const strongId = ctx.config.strongId;
    if (!strongId) throw strongIdentificationUnavailable();
    return {
      issuer: strongId.issuer,
      clientId: strongId.clientId,
      clientAuth: { kind: "privateKeyJwt" },
      strict: true,
    };
  }

  /**
   * Sends the browser to the broker for this order's signature or approval, after the same checks as
   * the plain way. Answers the address and the state, which the browser keeps in its sign-in cookie.
   */
  async function start(
    user: CurrentUser,
    orderId: string,
    purpose: Purpose,
    now = new Date(),
  ): Promise<TIdentificationStart & { state: string }> {
    const provider = profile();
    const companyId = await ensureWaiting(db, user, orderId, purpose);
    await ensureSigningMethod(db, ctx.config, companyId, "STRONG");
    const opened = await openSignIn(
      db,
      { purpose, issuer: provider.issuer, userId: user.id, orderId, companyId },
      now,
    );
    try {
      const relyingParty = await ctx.oidc.relyingParty();
      const url = await relyingParty.authorizationUrl(provider, {
        redirectUri: `${ctx.config.publicUrl}${CALLBACK_PATH}`,
        scope: "openid profile",
        ...opened,
        extra: { acr_values: FTN_LEVELS_OF_ASSURANCE.join(" "), ui_locales: user.language },
      });
      return { redirectUrl: url.href, state: opened.state };
    } catch {
      // The broker's metadata or keys could not be fetched: nothing was sent anywhere.
      throw strongIdentificationUnavailable();
    }
  }

  /**
   * The order waits for this signature (the employee's own order, ALL_INFO_PROVIDED, unsigned) or this
   * approval (in the employer's scope, approval asked and not given): else the error the plain way
   * answers. Answers the order's company.
   */
  async function ensureWaiting(
    handle: typeof db | Tx,
    user: CurrentUser,
    orderId: string,
    purpose: Purpose,
  ): Promise<string> {
    if (purpose === "SIGN_AGREEMENT") {
      const order = await ownOrderOf(handle, user, orderId);
      const blocked = signingBlock(order, await agreementOf(handle, orderId));
      if (blocked) throw blocked;
      return order.companyId;
    }
    const [order] = await handle
      .select({ companyId: orders.companyId, status: orders.orderStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), companyScopeWhere(user, orders.companyId)));
    if (!order) throw notFound("Order");
    return order.companyId;
  }

  /**
   * The broker's answer: the sign-in of its state (once), for the user who started it; the proven
   * person, who must be the one on record; then the signature or the approval with its evidence.
   * Answers where the browser goes next, with the outcome for the page to show.
   */
  async function finish(
    callbackUrl: URL,
    browserState: string | undefined,
    meta: SignerMeta,
    log: { warn: (data: object, message: string) => void },
    now = new Date(),
  ): Promise<string> {
    const signIn = await takeSignIn(db, callbackUrl.searchParams.get("state"), browserState, now);
    if (!signIn || signIn.purpose === "SSO_LOGIN" || !signIn.orderId || !signIn.userId) {
      return returnTo("SIGN_AGREEMENT", "IDENTIFICATION_FAILED");
    }
    const purpose = signIn.purpose;
    if (callbackUrl.searchParams.has("error")) return returnTo(purpose, "IDENTIFICATION_FAILED");
    // The signer is who started the sign-in, as they are now: rights and deactivation count today.
    const user = await loadCurrentUser(db, signIn.userId);
    if (!user || user.deactivated) return returnTo(purpose, "IDENTIFICATION_FAILED");

    let proven: ProvenIdentity;
    try {
      const provider = profile();
      if (provider.issuer !== signIn.issuer) return returnTo(purpose, "IDENTIFICATION_FAILED");
      const relyingParty = await ctx.oidc.relyingParty();
      proven = await relyingParty.finish(provider, callbackUrl, signIn);
    } catch (error) {
      log.warn({ err: error, purpose }, "strong identification answer refused");
      return returnTo(purpose, "IDENTIFICATION_FAILED");
    }
    const acr = typeof proven.claims.acr === "string" ? proven.claims.acr : null;
    if (!acr || !(FTN_LEVELS_OF_ASSURANCE as readonly string[]).includes(acr)) {
      log.warn({ purpose, acr }, "strong identification below the level asked for");
      return returnTo(purpose, "IDENTIFICATION_FAILED");
    }
    try {
      await inTransaction(db, (tx) =>
        record(tx, user, signIn as TakenSignIn & { orderId: string }, proven, acr, meta, now),
      );
      return returnTo(purpose, "SIGNED");
    } catch (error) {
      if (error instanceof AppError) return returnTo(purpose, error.code);
      throw error;
    }
  }

  async function record(
    tx: Tx,
    user: CurrentUser,
    signIn: TakenSignIn & { orderId: string },
    proven: ProvenIdentity,
    acr: string,
    meta: SignerMeta,
    now: Date,
  ): Promise<void> {
    const names = verifiedNames(proven.claims);
    const claimed = proven.claims[ctx.config.strongId?.identityCodeClaim ?? ""];
    const code = typeof claimed === "string" ? canonicalIdentityCode(claimed) : null;
    const codeHash = code ? fieldHash(ring, IDENTITY_CODE_INFO, code) : null;
    const codeHashes = code ? fieldHashes(ring, IDENTITY_CODE_INFO, code) : [];
    // The person's account first, then the order (db/lock-order.ts); NO KEY UPDATE, which the foreign
    // keys naming the user in other changes' inserts (FOR KEY SHARE) do not wait for.
    const [account] = await lockRows(
      tx,
      "user",
      tx
        .select({ identityCodeHash: users.identityCodeHash })
        .from(users)
        .where(eq(users.id, user.id))
        .for("no key update"),
    );
    if (!account) throw notFound("User");
    // The person on record: the identity code proven before, else the names the employer gave.
    const provenBefore =
      account.identityCodeHash !== null && isComparableHash(ring, account.identityCodeHash)
        ? account.identityCodeHash
        : null;
    const same =
      provenBefore && codeHash
        ? codeHashes.includes(provenBefore)
        : isSamePerson(names, { firstName: user.firstName ?? "", lastName: user.lastName ?? "" });
    if (!same) throw identityMismatch();
    // Kept, or rewritten under today's data key when an older one (or JWT_SECRET) wrote it.
    if (codeHash && account.identityCodeHash !== codeHash) {
      await tx.update(users).set({ identityCodeHash: codeHash }).where(eq(users.id, user.id));
    }
    const authTime =
      typeof proven.claims.auth_time === "number" ? new Date(proven.claims.auth_time * 1000) : null;
    const [evidence] = await tx
      .insert(strongIdentifications)
      .values({
        userId: user.id,
        orderId: signIn.orderId,
        purpose: signIn.purpose,
        issuer: proven.issuer,
        subject: proven.subject,
        verifiedName: names.name,
        levelOfAssurance: acr,
        authenticatedAt: authTime,
        idToken: sealField(ring, ID_TOKEN_INFO, proven.idToken),
        identityCodeHash: codeHash,
        createdAt: now,
      })
      .returning({ id: strongIdentifications.id });
    const change = { tx, actor: asOrderUser(user), now };

    if (signIn.purpose === "SIGN_AGREEMENT") {
      const order = await ownOrderOf(tx, user, signIn.orderId, true);
      const agreement = await agreementOf(tx, signIn.orderId, true);
      const blocked = signingBlock(order, agreement);
      if (blocked || !agreement) throw blocked ?? notFound("Leasing agreement");
      await ensureSigningMethod(tx, ctx.config, order.companyId, "STRONG");
      await signAgreement(change, ctx.files, {
        order,
        agreement,
        signerName: names.name,
        meta,
        proof: { method: "STRONG", strongIdentificationId: evidence?.id as string },
      });
      return;
    }
    const [order] = await lockRows(
      tx,
      "order",
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, signIn.orderId), companyScopeWhere(user, orders.companyId)))
        .for("update"),
    );
    // Rights may have changed while the person was at their bank: the approval needs them now.
    if (!order || !user.permissions.includes("orders.approve")) throw notFound("Order");
    await ensureSigningMethod(tx, ctx.config, order.companyId, "STRONG");
    // The evidence row names the order and the approver: the approval itself is the one of the portal.
    await decideForEmployer(change, order, { approve: true });
  }

  return { start, finish };
}
