import { and, asc, count, desc, eq, gt, isNull, like } from "drizzle-orm";
import type { TEmployerDecision, TSigningCodeSent } from "../../../contract/order-acceptance.ts";
import type { TOrderDetails } from "../../../contract/orders.ts";
import {
  maskPhoneNumber,
  TWO_FACTOR_CODE_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
} from "../../../domain/auth-rules.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  beneficiaryEmployees,
  orderItems,
  orders,
  twoFactorChallenges,
  users,
} from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { signingCodeSms } from "../../messaging/account-mails.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, isCompanyInScope } from "../auth/tenancy.ts";
import { equalHashes, hashCode, randomSixDigitCode } from "../auth/tokens.ts";
import { ensureSigningMethod } from "../identification/policy.ts";
import { sendRecordedCode } from "../notifications/outbox.ts";
import { renderAgreementPdf } from "./agreement-pdf.ts";
import { decideForEmployer } from "./employer-decision.ts";
import {
  orderAlreadySigned,
  orderTransitionNotAllowed,
  phoneNumberRequiredForSigning,
  signingCodeExpired,
  signingCodeWrong,
  tooManySigningCodes,
} from "./errors.ts";
import { asOrderUser } from "./lifecycle.ts";
import type { OrderRow } from "./order-rows.ts";
import {
  type Agreement,
  agreementOf,
  agreementPdfInput,
  asEmployee,
  isSigned,
  ownOrderOf,
} from "./queries.ts";
import { createOrdersService } from "./service.ts";
import { type SignerMeta, signAgreement } from "./sign-agreement.ts";

/**
 * The employee's signature of the leasing agreement with a fresh two-factor code, the employer's
 * approval where the bike policy asks for it, and the agreement's PDF.
 *
 * The code reuses the login's two-factor machinery (docs/architecture.md): a 6-digit code by SMS, hashed with
 * its challenge's id, valid 5 minutes, 5 tries. Its challenge row is bound to the order and the user:
 * its challengeTokenHash is `sign:<orderId>:<challengeId>`, which no sha256 of a login's challenge
 * cookie can equal, so a signing code never logs anyone in and a login code never signs.
 */

/** At most this many signing codes per order and user in SIGNING_CODE_WINDOW_SECONDS: no SMS flood. */
const SIGNING_CODES_PER_WINDOW = 5;
const SIGNING_CODE_WINDOW_SECONDS = 15 * 60;

const signingPrefix = (orderId: string) => `sign:${orderId}:`;

const notSignable = (status: string) =>
  orderTransitionNotAllowed(`An order in ${status} has no agreement to sign`);

/** Why the order's agreement cannot be signed now (signed already, or not waiting for it), or null. */
export function signingBlock(order: OrderRow, agreement: Agreement | null): AppError | null {
  if (agreement && isSigned(agreement)) return orderAlreadySigned();
  if (order.orderStatus !== "ALL_INFO_PROVIDED" || !agreement) return notSignable(order.orderStatus);
  return null;
}

export function createSigningService(ctx: AppContext) {
  const { db } = ctx.database;
  const read = createOrdersService(ctx);
  const secret = ctx.config.jwtSecret;

  /** The bike of the order as its signing code names it: the package's first bike line. */
  async function bikeOf(orderId: string): Promise<string> {
    const [line] = await db
      .select({ name: orderItems.name, brand: orderItems.brand, model: orderItems.model })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.itemType, "BIKE")))
      .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt), asc(orderItems.id))
      .limit(1);
    if (!line) return "–";
    return [line.brand, line.model].filter(Boolean).join(" ") || line.name;
  }

  return {
    async sendCode(user: CurrentUser, orderId: string, now = new Date()): Promise<TSigningCodeSent> {
      const order = await ownOrderOf(db, user, orderId);
      const agreement = await agreementOf(db, orderId);
      const blocked = signingBlock(order, agreement);
      if (blocked) throw blocked;
      await ensureSigningMethod(db, ctx.config, order.companyId, "SMS_CODE");
      const [account] = await db
        .select({ phoneNumber: users.phoneNumber, language: users.language })
        .from(users)
        .where(eq(users.id, user.id));
      const phoneNumber = account?.phoneNumber;
      if (!phoneNumber) throw phoneNumberRequiredForSigning();
      const code = randomSixDigitCode();
      const challengeId = crypto.randomUUID();
      await inTransaction(db, async (tx) => {
        const ours = and(
          eq(twoFactorChallenges.userId, user.id),
          like(twoFactorChallenges.challengeTokenHash, `${signingPrefix(orderId)}%`),
        );
        const [recent] = await tx
          .select({ n: count() })
          .from(twoFactorChallenges)
          .where(
            and(
              ours,
              gt(twoFactorChallenges.createdAt, new Date(now.getTime() - SIGNING_CODE_WINDOW_SECONDS * 1000)),
            ),
          );
        if ((recent?.n ?? 0) >= SIGNING_CODES_PER_WINDOW) throw tooManySigningCodes();
        // A new code ends the earlier ones: only the newest code signs.
        await tx
          .update(twoFactorChallenges)
          .set({ consumedAt: now })
          .where(and(ours, isNull(twoFactorChallenges.consumedAt)));
        await tx.insert(twoFactorChallenges).values({
          id: challengeId,
          userId: user.id,
          challengeTokenHash: `${signingPrefix(orderId)}${challengeId}`,
          codeHash: hashCode(secret, challengeId, code),
          phoneNumber,
          expiresAt: new Date(now.getTime() + TWO_FACTOR_CODE_SECONDS * 1000),
          createdAt: now,
        });
      });
      const sms = signingCodeSms(account.language, {
        code,
        orderNumber: order.orderNumber,
        bike: await bikeOf(orderId),
        monthlyPaymentCents: agreement?.monthlyPaymentCents ?? 0,
      });
      // The employee waits for the code on screen: sent at once, and recorded in the outbox without it.
      await sendRecordedCode(
        db,
        {
          userId: user.id,
          event: "ORDER_SIGNING_CODE",
          channel: "SMS",
          recipient: phoneNumber,
          language: account.language,
          template: sms.template,
        },
        () => ctx.messaging.sendSms({ to: phoneNumber, ...sms }),
      );
      return {
        phoneNumberHint: maskPhoneNumber(phoneNumber),
        expiresInSeconds: TWO_FACTOR_CODE_SECONDS,
        ...(ctx.config.devOutbox ? { devCode: code } : {}),
      };
    },

    /**
     * Signs with the code: the final PDF is rendered and stored with its SHA-256 and the signer's
     * evidence, the agreement is SIGNED, and the order is confirmed when no employer approval is still
     * missing. A wrong code is counted (the transaction commits the count and answers the error).
     */
    async sign(
      user: CurrentUser,
      orderId: string,
      code: string,
      meta: SignerMeta,
      now = new Date(),
    ): Promise<TOrderDetails> {
      const result = await inTransaction(db, async (tx): Promise<string | AppError> => {
        // The person's code and account before the order they sign, in the lock order
        // (db/lock-order.ts), as a strong signature locks the account before the order.
        const [challenge] = await lockRows(
          tx,
          "twoFactorChallenge",
          tx
            .select()
            .from(twoFactorChallenges)
            .where(
              and(
                eq(twoFactorChallenges.userId, user.id),
                like(twoFactorChallenges.challengeTokenHash, `${signingPrefix(orderId)}%`),
                isNull(twoFactorChallenges.consumedAt),
                gt(twoFactorChallenges.expiresAt, now),
              ),
            )
            .orderBy(desc(twoFactorChallenges.createdAt))
            .limit(1)
            .for("update"),
        );
        // NO KEY UPDATE: the rows other changes insert name this user by a foreign key, which locks
        // it FOR KEY SHARE; a FOR UPDATE here made a cancellation of the order at the same moment
        // wait for it while holding the order this signature waits for.
        await lockRows(
          tx,
          "user",
          tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("no key update"),
        );
        const order = await ownOrderOf(tx, user, orderId, true);
        const agreement = await agreementOf(tx, orderId, true);
        const blocked = signingBlock(order, agreement);
        if (blocked || !agreement) return blocked ?? notSignable(order.orderStatus);
        await ensureSigningMethod(tx, ctx.config, order.companyId, "SMS_CODE");

        if (!challenge || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return signingCodeExpired();
        // A signing challenge is always one sent by SMS, with its code and number (the table's check).
        const { codeHash, phoneNumber } = challenge;
        if (codeHash === null || phoneNumber === null) return signingCodeExpired();
        if (!equalHashes(codeHash, hashCode(secret, challenge.id, code))) {
          const attempts = challenge.attempts + 1;
          await tx
            .update(twoFactorChallenges)
            .set({ attempts })
            .where(eq(twoFactorChallenges.id, challenge.id));
          return attempts >= TWO_FACTOR_MAX_ATTEMPTS ? signingCodeExpired() : signingCodeWrong();
        }
        await tx
          .update(twoFactorChallenges)
          .set({ consumedAt: now })
          .where(eq(twoFactorChallenges.id, challenge.id));
        // The code reached the number: it is proven, as a login's first code proves it.
        await lockRows(
          tx,
          "user",
          tx
            .update(users)
            .set({ phoneVerifiedAt: now })
            .where(
              and(eq(users.id, user.id), eq(users.phoneNumber, phoneNumber), isNull(users.phoneVerifiedAt)),
            ),
        );

        await signAgreement({ tx, actor: asOrderUser(user), now }, ctx.files, {
          order,
          agreement,
          signerName: personName(user.firstName, user.lastName, user.email),
          meta,
        });
        return order.companyId;
      });
      if (result instanceof AppError) throw result;
      return read.details(user, orderId, asEmployee(result));
    },

    /**
     * The agreement's PDF for the employee (their own order), the order's employer (signed-documents.read,
     * in scope) and the admin tier: the stored signed bytes exactly, else a draft rendered now.
     */
    async agreementPdf(user: CurrentUser, orderId: string, now = new Date()) {
      const [row] = await db
        .select({
          companyId: orders.companyId,
          orderNumber: orders.orderNumber,
          userId: beneficiaryEmployees.userId,
        })
        .from(orders)
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .where(eq(orders.id, orderId));
      const mayRead =
        row &&
        (row.userId === user.id ||
          (user.permissions.includes("signed-documents.read") && isCompanyInScope(user, row.companyId)));
      if (!row || !mayRead) throw notFound("Order");
      const agreement = await agreementOf(db, orderId);
      if (!agreement) throw notFound("Leasing agreement");
      const fileName = `leasingsopimus-${row.orderNumber}.pdf`;
      if (agreement.fileId) {
        const file = await ctx.files.open(db, agreement.fileId);
        if (file) return file;
      }
      const input = await agreementPdfInput(db, orderId, agreement, { date: now, signature: null });
      const content = Buffer.from(await renderAgreementPdf(input));
      return { fileName: `luonnos-${fileName}`, mimeType: "application/pdf", content };
    },

    /**
     * The employer's decision where the bike policy asked for it: approval confirms a signed order (or
     * waits for the signature), refusal cancels the order with the reason.
     */
    async employerDecision(user: CurrentUser, orderId: string, input: TEmployerDecision, now = new Date()) {
      await inTransaction(db, async (tx) => {
        const [order] = await lockRows(
          tx,
          "order",
          tx
            .select()
            .from(orders)
            .where(and(eq(orders.id, orderId), companyScopeWhere(user, orders.companyId)))
            .for("update"),
        );
        if (!order) throw notFound("Order");
        if (input.approve) await ensureSigningMethod(tx, ctx.config, order.companyId, "SMS_CODE");
        await decideForEmployer({ tx, actor: asOrderUser(user), now }, order, input);
      });
      return read.details(user, orderId);
    },
  };
}
