import { and, asc, count, desc, eq, gt, isNull, like } from "drizzle-orm";
import type { TEmployerDecision, TSigningCodeSent } from "../../../contract/order-acceptance.ts";
import type { TOrderDetails } from "../../../contract/orders.ts";
import {
  maskPhoneNumber,
  TWO_FACTOR_CODE_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
} from "../../../domain/auth-rules.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { taxRegime } from "../../../domain/payroll/tax-rules.ts";
import { personName } from "../../../domain/person-name.ts";
import type { RoleName } from "../../../domain/roles.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  signedDocuments,
  systemUsers,
  twoFactorChallenges,
  users,
} from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import { databaseFileStore } from "../../files/file-store.ts";
import { twoFactorCodeSms } from "../../messaging/account-mails.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, isCompanyInScope } from "../auth/tenancy.ts";
import { equalHashes, hashCode, randomSixDigitCode } from "../auth/tokens.ts";
import { asEmployee, ownOrderOf } from "./acceptance.ts";
import { type AgreementPdfInput, renderAgreementPdf } from "./agreement-pdf.ts";
import { moveOrder, type OrderMover } from "./lifecycle.ts";
import { createOrdersService } from "./service.ts";

/**
 * The employee's signature of the leasing agreement with a fresh two-factor code, the employer's
 * approval where the bike policy asks for it, and the agreement's PDF (issue 12, points 3 and 5).
 *
 * The code reuses the login's two-factor machinery (DESIGN.md §5): a 6-digit code by SMS, hashed with
 * its challenge's id, valid 5 minutes, 5 tries. Its challenge row is bound to the order and the user:
 * its challengeTokenHash is `sign:<orderId>:<challengeId>`, which no sha256 of a login's challenge
 * cookie can equal, so a signing code never logs anyone in and a login code never signs.
 *
 * The last of the two signatures confirms the order: the employee's when no approval is needed (or it
 * was given first), the employer's approval when the employee has signed. Confirming records the
 * commitment date (today in Helsinki), which decides the lease's tax regime.
 */

/** At most this many signing codes per order and user in SIGNING_CODE_WINDOW_SECONDS: no SMS flood. */
export const SIGNING_CODES_PER_WINDOW = 5;
export const SIGNING_CODE_WINDOW_SECONDS = 15 * 60;

const signingPrefix = (orderId: string) => `sign:${orderId}:`;

const alreadySigned = () => new AppError(409, "ORDER_ALREADY_SIGNED", "The agreement is already signed");
const notSignable = (status: string) =>
  new AppError(409, "ORDER_TRANSITION_NOT_ALLOWED", `An order in ${status} has no agreement to sign`);
const expired = () =>
  new AppError(400, "VERIFICATION_EXPIRED", "The signing code has expired or was used. Ask for a new one.");
const wrongCode = () =>
  new AppError(400, "VERIFICATION_FAILED", "Verification failed. Please check the code and try again.");

type Agreement = typeof leasingAgreements.$inferSelect;

/** The order's leasing agreement (its newest), locked for update inside a transaction when asked. */
export async function agreementOf(db: Db, orderId: string, lock = false): Promise<Agreement | null> {
  const query = db
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

const isSigned = (agreement: Agreement) => agreement.status === "SIGNED" || agreement.signedAt !== null;

/** What the agreement PDF shows, read from the order, its parties and its package. */
export async function agreementPdfInput(
  db: Db,
  orderId: string,
  agreement: Agreement,
  documentDate: Date,
  signature: AgreementPdfInput["signature"],
): Promise<AgreementPdfInput> {
  const [row] = await db
    .select({
      order: orders,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
      employeeNumber: beneficiaryEmployees.employeeNumber,
      companyName: companies.name,
      companyBusinessId: companies.businessId,
      storeName: bikeStores.storeName,
    })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound("Order");
  const [leasingCompany] = await db
    .select({ name: leasingCompanies.companyName })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.id, agreement.leasingCompanyId));
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt), asc(orderItems.id));
  const o = row.order;
  return {
    orderNumber: o.orderNumber,
    employeeName: personName(row.firstName, row.lastName, row.email),
    employeeEmail: row.email,
    employeeNumber: row.employeeNumber,
    companyName: row.companyName,
    companyBusinessId: row.companyBusinessId,
    leasingCompanyName: leasingCompany?.name ?? "",
    bikeStoreName: row.storeName,
    lines: lines.map((l) => ({
      name: l.name,
      brand: l.brand,
      model: l.model,
      modelYear: l.modelYear,
      frameSize: l.frameSize,
      color: l.color,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      discountCents: l.discountCents,
    })),
    totalPriceCents: o.totalPriceCents,
    userPaymentCents: o.userPaymentCents,
    leaseTimeMonths: agreement.leaseTimeMonths,
    monthlyPaymentCents: agreement.monthlyPaymentCents,
    residualValueCents: agreement.residualValueCents ?? 0,
    // The regime of a commitment made the day the document is dated (ADR 008).
    taxRegime: taxRegime(agreement.commitmentDate ?? toHelsinkiDateString(documentDate)),
    documentDate,
    signature,
  };
}

/**
 * The last signature confirms: ALL_INFO_PROVIDED → CONFIRMED by whoever gave it, and the agreement's
 * commitment date is today in Helsinki.
 */
async function confirmOrder(tx: Db, orderId: string, agreementId: string, by: OrderMover, now: Date) {
  await moveOrder(tx, { orderId, to: "CONFIRMED", by }, now);
  await tx
    .update(leasingAgreements)
    .set({ commitmentDate: toHelsinkiDateString(now), updatedAt: now })
    .where(eq(leasingAgreements.id, agreementId));
}

export type SignerMeta = { ipAddress: string; userAgent: string | null };

/** Who signs: the employee, by id, the name the PDF shows, and their roles (for the confirming move). */
export type Signer = { userId: string; name: string; roleNames: readonly RoleName[] };

/**
 * The signed agreement's evidence: the final PDF rendered for the signer and the signing time, stored
 * through the FileStore with its SHA-256, the signed document with who/when/IP/user agent, and the
 * agreement SIGNED with the file. No status changes here (signAgreement does them); the demo seed uses
 * it alone for the leases it made before signing existed.
 */
export async function storeSignedAgreement(
  tx: Db,
  order: typeof orders.$inferSelect,
  agreement: Agreement,
  signer: Omit<Signer, "roleNames">,
  meta: SignerMeta,
  now: Date,
): Promise<{ signedDocumentId: string; fileId: string; documentSha256: string }> {
  const input = await agreementPdfInput(tx, order.id, agreement, now, {
    signerName: signer.name,
    signedAt: now,
  });
  const pdf = Buffer.from(await renderAgreementPdf(input));
  const stored = await databaseFileStore(tx).put({
    fileName: `leasingsopimus-${order.orderNumber}.pdf`,
    mimeType: "application/pdf",
    content: pdf,
    companyId: order.companyId,
    uploadedByUserId: signer.userId,
  });
  const [document] = await tx
    .insert(signedDocuments)
    .values({
      beneficiaryEmployeeId: order.beneficiaryEmployeeId,
      leasingAgreementId: agreement.id,
      companyId: order.companyId,
      paymentStatus: "PENDING",
      leasingSignDate: toHelsinkiDateString(now),
      fileId: stored.id,
      signedByUserId: signer.userId,
      signedAt: now,
      signerIp: meta.ipAddress,
      signerUserAgent: meta.userAgent,
      documentSha256: stored.sha256,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: signedDocuments.id });
  await tx
    .update(leasingAgreements)
    .set({ status: "SIGNED", signedAt: now, fileId: stored.id, updatedAt: now })
    .where(eq(leasingAgreements.id, agreement.id));
  return { signedDocumentId: document?.id as string, fileId: stored.id, documentSha256: stored.sha256 };
}

/**
 * Signs the order's agreement once the signer is proven (the service checked the two-factor code):
 * the signed document is stored (storeSignedAgreement), the event logged, and the order is confirmed
 * when no employer approval is still missing. The order and the agreement are the rows locked in `tx`
 * (ALL_INFO_PROVIDED, unsigned). The demo seed uses it too.
 */
export async function signAgreement(
  tx: Db,
  order: typeof orders.$inferSelect,
  agreement: Agreement,
  signer: Signer,
  meta: SignerMeta,
  now: Date,
): Promise<{ signedDocumentId: string; fileId: string; documentSha256: string }> {
  const signed = await storeSignedAgreement(tx, order, agreement, signer, meta, now);
  await tx.insert(eventLog).values({
    type: "LEASING_AGREEMENT_SIGNED",
    actorUserId: signer.userId,
    companyId: order.companyId,
    entityType: "order",
    entityId: order.id,
    data: {
      leasingAgreementId: agreement.id,
      signedDocumentId: signed.signedDocumentId,
      documentSha256: signed.documentSha256,
      by: "user",
    },
    createdAt: now,
  });
  if (!order.employerApprovalRequired || order.employerApprovedAt) {
    const by: OrderMover = { kind: "user", userId: signer.userId, roleNames: signer.roleNames };
    await confirmOrder(tx, order.id, agreement.id, by, now);
  }
  return signed;
}

/**
 * The employer's decision on an order locked in `tx` (already checked to be in the decider's scope):
 * approval confirms a signed order (or waits for the signature), refusal cancels it with the reason.
 */
export async function decideForEmployer(
  tx: Db,
  order: typeof orders.$inferSelect,
  by: { userId: string; roleNames: readonly RoleName[] },
  input: TEmployerDecision,
  now: Date,
): Promise<void> {
  const orderId = order.id;
  if (order.orderStatus !== "ALL_INFO_PROVIDED") {
    throw new AppError(
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
      `An order in ${order.orderStatus} waits for no employer decision`,
    );
  }
  if (!order.employerApprovalRequired) {
    throw new AppError(409, "EMPLOYER_APPROVAL_NOT_REQUIRED", "The order needs no employer approval");
  }
  if (order.employerApprovedAt) {
    throw new AppError(409, "EMPLOYER_ALREADY_DECIDED", "The employer has already approved the order");
  }
  const mover: OrderMover = { kind: "user", userId: by.userId, roleNames: by.roleNames };
  if (!input.approve) {
    await moveOrder(
      tx,
      {
        orderId,
        to: "CANCELLED",
        by: mover,
        data: { decision: "EMPLOYER_REJECTED", reason: input.reason ?? null },
      },
      now,
    );
    return;
  }
  await tx
    .update(orders)
    .set({ employerApprovedAt: now, employerApprovedByUserId: by.userId, updatedAt: now })
    .where(eq(orders.id, orderId));
  const agreement = await agreementOf(tx, orderId, true);
  if (agreement && isSigned(agreement)) await confirmOrder(tx, orderId, agreement.id, mover, now);
}

export function createSigningService(ctx: AppContext) {
  const { db } = ctx.database;
  const read = createOrdersService(ctx);
  const secret = ctx.config.jwtSecret;

  return {
    async sendCode(user: CurrentUser, orderId: string, now = new Date()): Promise<TSigningCodeSent> {
      const order = await ownOrderOf(db, user, orderId);
      const agreement = await agreementOf(db, orderId);
      if (agreement && isSigned(agreement)) throw alreadySigned();
      if (order.orderStatus !== "ALL_INFO_PROVIDED" || !agreement) throw notSignable(order.orderStatus);
      const [account] = await db
        .select({ phoneNumber: users.phoneNumber, language: users.language })
        .from(users)
        .where(eq(users.id, user.id));
      const phoneNumber = account?.phoneNumber;
      if (!phoneNumber) {
        throw new AppError(
          400,
          "PHONE_NUMBER_REQUIRED_FOR_SIGNING",
          "The signing code is sent by SMS: add a phone number to your details first",
        );
      }
      const code = randomSixDigitCode();
      const challengeId = crypto.randomUUID();
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
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
        if ((recent?.n ?? 0) >= SIGNING_CODES_PER_WINDOW) {
          throw new AppError(429, "TOO_MANY_REQUESTS", "Too many signing codes; try again later");
        }
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
      await ctx.messaging.sendSms({ to: phoneNumber, ...twoFactorCodeSms(account.language, { code }) });
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
      const result = await db.transaction(async (txDb): Promise<string | AppError> => {
        const tx = txDb as unknown as Db;
        const order = await ownOrderOf(tx, user, orderId, true);
        const agreement = await agreementOf(tx, orderId, true);
        if (agreement && isSigned(agreement)) return alreadySigned();
        if (order.orderStatus !== "ALL_INFO_PROVIDED" || !agreement) return notSignable(order.orderStatus);

        const [challenge] = await tx
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
          .for("update");
        if (!challenge || challenge.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return expired();
        if (!equalHashes(challenge.codeHash, hashCode(secret, challenge.id, code))) {
          const attempts = challenge.attempts + 1;
          await tx
            .update(twoFactorChallenges)
            .set({ attempts })
            .where(eq(twoFactorChallenges.id, challenge.id));
          return attempts >= TWO_FACTOR_MAX_ATTEMPTS ? expired() : wrongCode();
        }
        await tx
          .update(twoFactorChallenges)
          .set({ consumedAt: now })
          .where(eq(twoFactorChallenges.id, challenge.id));
        // The code reached the number: it is proven, as a login's first code proves it.
        await tx
          .update(users)
          .set({ phoneVerifiedAt: now })
          .where(
            and(
              eq(users.id, user.id),
              eq(users.phoneNumber, challenge.phoneNumber),
              isNull(users.phoneVerifiedAt),
            ),
          );

        await signAgreement(
          tx,
          order,
          agreement,
          {
            userId: user.id,
            name: personName(user.firstName, user.lastName, user.email),
            roleNames: user.roleNames,
          },
          meta,
          now,
        );
        return order.companyId;
      });
      if (result instanceof AppError) throw result;
      return read.details(asEmployee(result), orderId);
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
        const file = await databaseFileStore(db).get(agreement.fileId);
        if (file) return { fileName: file.fileName, content: file.content, signed: true };
      }
      const input = await agreementPdfInput(db, orderId, agreement, now, null);
      const content = Buffer.from(await renderAgreementPdf(input));
      return { fileName: `luonnos-${fileName}`, content, signed: false };
    },

    /**
     * The employer's decision where the bike policy asked for it: approval confirms a signed order (or
     * waits for the signature), refusal cancels the order with the reason.
     */
    async decide(user: CurrentUser, orderId: string, input: TEmployerDecision, now = new Date()) {
      await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), companyScopeWhere(user, orders.companyId)))
          .for("update");
        if (!order) throw notFound("Order");
        await decideForEmployer(tx, order, { userId: user.id, roleNames: user.roleNames }, input, now);
      });
      return read.details(user, orderId);
    },
  };
}
