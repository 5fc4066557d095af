import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { TErrorDetail } from "../../../contract/errors.ts";
import type {
  TCreateInsuranceClaim,
  TInsuranceClaim,
  TInsuranceClaimFile,
  TInsuranceClaimPage,
  TInsuranceClaimsQuery,
  TUpdateInsuranceClaim,
} from "../../../contract/insurance-claims.ts";
import { INSURANCE_CLAIM_DELETED } from "../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { EventType, PaymentMethod } from "../../../domain/enums.ts";
import {
  CLAIM_STARTED_EVENT,
  canChangeOutcome,
  canEmployeeDeleteClaim,
  canTakeClaimStep,
  claimOutcomesFor,
  DEDUCTIBLE_PAYMENT_DESCRIPTION,
  DEFAULT_DEDUCTIBLE_CENTS,
  INSURANCE_LEASE_END_REASON,
  type InsuranceClaimStep,
  incidentDateProblem,
  isClaimOpen,
  isCompletingStep,
  isReportedLate,
  MAX_CLAIM_FILES,
  needsPoliceReport,
} from "../../../domain/insurance-claims.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  files,
  insuranceClaimFiles,
  insuranceClaims,
  leasingAgreements,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import { AppError, badRequest, forbidden, notFound } from "../../errors.ts";
import { databaseFileStore } from "../../files/file-store.ts";
import { type ReceivedUpload, readUpload } from "../../files/uploads.ts";
import { insuranceClaimCompletedMail, insuranceClaimReceivedMail } from "../../messaging/insurance-mails.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { endLease } from "../leasing/lease-end.ts";
import { createNotifications } from "../notifications/create.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";
import { isOrderBikeInUse } from "../orders/after-sales.ts";
import { createUserPayment } from "../user-payments/ledger.ts";
import { claimReportedNotification } from "./notification.ts";
import {
  type ClaimViewer,
  claimDetails,
  claimFigures,
  claimStepsTaken,
  listClaims,
  visibleClaim,
} from "./read.ts";

/**
 * Insurance claims (issue 13 point 2; contract/insurance-claims.ts). The employee reports theft or
 * damage of their bike in use, the helpdesk handles it through the outcome's steps
 * (src/domain/insurance-claims.ts). Each change is one transaction with its event-log rows (entity
 * insuranceClaim); the claim row is locked first, so two steps at once cannot both pass. Mails go after
 * the commit; a failed mail is logged and never undoes the change.
 *
 * The transaction-level functions (createClaim, takeClaimStep, addClaimFile) are what the demo seed
 * uses too.
 */

/** Who acts: the helpdesk (insurance-claims.manage) or the employee of the claim. */
export type ClaimActor = { userId: string | null; helpdesk: boolean };
export type FailureLog = (error: unknown, what: string) => void;

type ClaimRow = typeof insuranceClaims.$inferSelect;
const ENTITY = "insuranceClaim";

const closed = () => new AppError(409, "INSURANCE_CLAIM_CLOSED", "The insurance claim is closed");
const stepNotAllowed = (message = "The claim's outcome and steps do not allow this step") =>
  new AppError(409, "INSURANCE_STEP_NOT_ALLOWED", message);
const noActiveLease = () => new AppError(409, "NO_ACTIVE_LEASE", "The employment has no bike in use");
const policeReportRequired = () =>
  new AppError(400, "POLICE_REPORT_REQUIRED", "A theft is reported with the police report number", [
    { field: "body.policeReportNumber", message: "Required for a theft" },
  ]);

const INCIDENT_DATE_MESSAGES = {
  IN_FUTURE: "The incident date cannot be in the future",
  BEFORE_LEASE: "The incident date cannot be before the lease started",
} as const;

function checkIncidentDate(incidentDate: string, today: string, leaseStartDate: string | null) {
  const problem = incidentDateProblem(incidentDate, { today, leaseStartDate });
  if (!problem) return;
  const detail: TErrorDetail = { field: "body.incidentDate", message: INCIDENT_DATE_MESSAGES[problem] };
  throw badRequest(INCIDENT_DATE_MESSAGES[problem], [detail]);
}

/** An empty text once trimmed is none. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

async function logClaimEvent(
  tx: Db,
  claim: Pick<ClaimRow, "id" | "companyId">,
  type: EventType,
  actor: ClaimActor,
  data: Record<string, unknown>,
  now: Date,
) {
  await tx.insert(eventLog).values({
    type,
    actorUserId: actor.userId,
    companyId: claim.companyId,
    entityType: ENTITY,
    entityId: claim.id,
    data,
    createdAt: now,
  });
}

/** The order's newest leasing agreement: its lease's start and end. */
async function agreementOf(tx: Db, orderId: string) {
  const [agreement] = await tx
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  return agreement ?? null;
}

/**
 * The bike the claim is about: the order named (the employment's, its bike in use), or its only one in
 * use. A bike whose lease has ended (redeemed, returned, past its end) is no longer in use.
 */
async function claimedOrder(tx: Db, employmentId: string, orderId: string | undefined, today: string) {
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.beneficiaryEmployeeId, employmentId),
        orderId ? eq(orders.id, orderId) : undefined,
        orderId ? undefined : eq(orders.orderStatus, "ACTIVE_LEASING"),
      ),
    );
  if (orderId && !candidates[0]) {
    throw badRequest("Unknown order", [{ field: "body.orderId", message: "Not an order of the employment" }]);
  }
  const inUse: (typeof orders.$inferSelect)[] = [];
  for (const order of candidates) if (await isOrderBikeInUse(tx, order.id, today)) inUse.push(order);
  if (orderId) {
    const order = inUse[0];
    if (!order) throw noActiveLease();
    return order;
  }
  if (inUse.length === 0) throw noActiveLease();
  if (inUse.length > 1) {
    throw badRequest("Name the bike the claim is about", [
      { field: "body.orderId", message: "Required when several bikes are in use" },
    ]);
  }
  return inUse[0] as typeof orders.$inferSelect;
}

/** Makes the claim (INSURANCE_CASE_STARTED) and tells the company's employer admins; answers its id. */
export async function createClaim(
  tx: Db,
  input: TCreateInsuranceClaim,
  actor: ClaimActor,
  now: Date,
): Promise<string> {
  const [employment] = await tx
    .select({
      id: beneficiaryEmployees.id,
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
    })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, input.beneficiaryEmployeeId));
  // The employee reports for their own employment only; another's is not theirs to know of.
  if (!employment || (!actor.helpdesk && employment.userId !== actor.userId)) throw notFound("Employment");
  const today = toHelsinkiDateString(now);
  const order = await claimedOrder(tx, employment.id, input.orderId, today);
  const policeReportNumber = textOrNull(input.policeReportNumber);
  if (needsPoliceReport(input.type) && !policeReportNumber) throw policeReportRequired();
  const agreement = await agreementOf(tx, order.id);
  if (input.incidentDate) checkIncidentDate(input.incidentDate, today, agreement?.startDate ?? null);

  const [claim] = await tx
    .insert(insuranceClaims)
    .values({
      beneficiaryEmployeeId: employment.id,
      companyId: employment.companyId,
      orderId: order.id,
      type: input.type,
      incidentDate: input.incidentDate ?? null,
      description: textOrNull(input.description),
      policeReportNumber,
      deductibleCents: DEFAULT_DEDUCTIBLE_CENTS,
      reportedByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!claim) throw new Error("insurance claim not stored");
  await logClaimEvent(
    tx,
    claim,
    CLAIM_STARTED_EVENT,
    actor,
    {
      type: claim.type,
      orderId: order.id,
      reportedBy: actor.helpdesk && employment.userId !== actor.userId ? "HELPDESK" : "EMPLOYEE",
      reportedLate: isReportedLate(claim.incidentDate, today),
    },
    now,
  );

  const [person] = await tx
    .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName, email: users.email })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, employment.userId));
  const employeeName = personName(person?.firstName, person?.lastName, person?.email ?? "");
  const admins = await employerAdminsOf(tx, employment.companyId);
  await createNotifications(
    tx,
    admins.map((admin) => ({
      userId: admin.userId,
      companyId: employment.companyId,
      type: "GENERAL" as const,
      ...claimReportedNotification(admin.language, {
        employeeName,
        type: claim.type,
        orderNumber: order.orderNumber,
      }),
      entityType: ENTITY,
      entityId: claim.id,
      createdAt: now,
    })),
  );
  return claim.id;
}

/** The claim locked for a change, with the steps taken; 404 when there is none. */
async function lockClaim(tx: Db, id: string) {
  const [claim] = await tx.select().from(insuranceClaims).where(eq(insuranceClaims.id, id)).for("update");
  if (!claim) throw notFound("Insurance claim");
  const stepsTaken = await claimStepsTaken(tx, id);
  return { claim, progress: { status: claim.status, type: claim.type, outcome: claim.outcome, stepsTaken } };
}

const HELPDESK_FIELDS = ["outcome", "incidentDate", "repairCostCents", "deductibleCents"] as const;

/**
 * Changes the claim's fields: the helpdesk any, the employee (actor.helpdesk false) the description and
 * police report number of their open claim. A closed claim does not change.
 */
export async function updateClaim(
  tx: Db,
  id: string,
  input: TUpdateInsuranceClaim,
  actor: ClaimActor,
  now: Date,
): Promise<void> {
  if (!actor.helpdesk && HELPDESK_FIELDS.some((field) => input[field] !== undefined))
    throw forbidden("Only the helpdesk sets the outcome, the dates and the costs");
  const { claim, progress } = await lockClaim(tx, id);
  if (!isClaimOpen(claim)) throw closed();
  const changes: Partial<typeof insuranceClaims.$inferInsert> = {};
  if (input.outcome !== undefined && input.outcome !== claim.outcome) {
    if (input.outcome !== null && !claimOutcomesFor(claim.type).includes(input.outcome)) {
      throw badRequest("A stolen bike cannot be repaired", [
        { field: "body.outcome", message: "Not an outcome of this type of claim" },
      ]);
    }
    if (!canChangeOutcome(progress))
      throw stepNotAllowed("The outcome is fixed once its first step is taken");
    changes.outcome = input.outcome;
  }
  if (input.incidentDate !== undefined && input.incidentDate !== claim.incidentDate) {
    const agreement = claim.orderId ? await agreementOf(tx, claim.orderId) : null;
    checkIncidentDate(input.incidentDate, toHelsinkiDateString(now), agreement?.startDate ?? null);
    changes.incidentDate = input.incidentDate;
  }
  if (input.description !== undefined) changes.description = textOrNull(input.description);
  if (input.policeReportNumber !== undefined) {
    changes.policeReportNumber = textOrNull(input.policeReportNumber);
    if (needsPoliceReport(claim.type) && !changes.policeReportNumber) throw policeReportRequired();
  }
  if (input.repairCostCents !== undefined) changes.repairCostCents = input.repairCostCents;
  if (input.deductibleCents !== undefined) changes.deductibleCents = input.deductibleCents;
  const changed = Object.keys(changes).filter(
    (key) => changes[key as keyof typeof changes] !== claim[key as keyof ClaimRow],
  );
  if (changed.length === 0) return;
  await tx
    .update(insuranceClaims)
    .set({ ...changes, updatedAt: now })
    .where(eq(insuranceClaims.id, id));
  await logClaimEvent(tx, claim, "INSURANCE_CLAIM_UPDATED", actor, { fields: changed.sort() }, now);
}

/** What a completing step left for the employee to hear about after the commit. */
export type ClaimSettlement = {
  deductibleOwedCents: number;
  paymentMethod: PaymentMethod | null;
  dueDate: string | null;
};

/**
 * The helpdesk takes the claim's next step (409 INSURANCE_STEP_NOT_ALLOWED for any other, 409
 * INSURANCE_CLAIM_CLOSED on a closed claim). A completing step closes the claim, makes the deductible's
 * user payment when there is one to pay, and for END_OF_LEASING ends the lease on the completion day.
 */
export async function takeClaimStep(
  tx: Db,
  id: string,
  step: InsuranceClaimStep,
  actor: ClaimActor,
  now: Date,
): Promise<ClaimSettlement | null> {
  const { claim, progress } = await lockClaim(tx, id);
  if (!isClaimOpen(claim)) throw closed();
  if (!canTakeClaimStep(progress, step)) throw stepNotAllowed();
  await logClaimEvent(tx, claim, step, actor, { outcome: claim.outcome }, now);
  if (!isCompletingStep(step)) return null;

  await tx
    .update(insuranceClaims)
    .set({ status: "COMPLETED", completedAt: now, updatedAt: now })
    .where(eq(insuranceClaims.id, id));
  const today = toHelsinkiDateString(now);
  const [order] = claim.orderId ? await tx.select().from(orders).where(eq(orders.id, claim.orderId)) : [];
  const agreement = order ? await agreementOf(tx, order.id) : null;
  const figures = claimFigures(
    claim,
    order ? { totalPriceCents: order.totalPriceCents, leaseStartDate: agreement?.startDate ?? null } : null,
  );
  let settlement: ClaimSettlement = { deductibleOwedCents: 0, paymentMethod: null, dueDate: null };
  if (figures.deductibleOwedCents > 0) {
    const [company] = await tx
      .select({ paymentMode: companies.paymentMode })
      .from(companies)
      .where(eq(companies.id, claim.companyId));
    const paymentMethod: PaymentMethod = company?.paymentMode === "PAYROLL" ? "PAYROLL" : "BATCH";
    const dueDate = invoiceDueDate(today);
    await createUserPayment(
      tx,
      {
        kind: "DEDUCTIBLE",
        beneficiaryEmployeeId: claim.beneficiaryEmployeeId,
        companyId: claim.companyId,
        orderId: claim.orderId,
        insuranceClaimId: claim.id,
        description: DEDUCTIBLE_PAYMENT_DESCRIPTION,
        amountCents: figures.deductibleOwedCents,
        paymentMethod,
        dueDate,
        send: true,
      },
      { userId: actor.userId },
      now,
    );
    settlement = { deductibleOwedCents: figures.deductibleOwedCents, paymentMethod, dueDate };
  }
  if (step === "INSURANCE_END_OF_LEASING_COMPLETED") {
    if (!agreement) throw noActiveLease();
    await endLease(
      tx,
      {
        agreementId: agreement.id,
        lastDay: today,
        reason: INSURANCE_LEASE_END_REASON,
        source: { entityType: "insuranceClaim", entityId: claim.id },
      },
      { userId: actor.userId },
      now,
    );
  }
  return settlement;
}

/**
 * Adds a photo or document to the claim: the employee to their open claim, the helpdesk to any; at
 * most MAX_CLAIM_FILES (409 CONFLICT). Stored through the FileStore in the same transaction.
 */
export async function addClaimFile(
  tx: Db,
  id: string,
  upload: ReceivedUpload,
  actor: ClaimActor,
  now: Date,
): Promise<TInsuranceClaimFile> {
  const { claim } = await lockClaim(tx, id);
  if (!actor.helpdesk && !isClaimOpen(claim)) throw closed();
  const [held] = await tx
    .select({ value: count() })
    .from(insuranceClaimFiles)
    .where(eq(insuranceClaimFiles.insuranceClaimId, id));
  if ((held?.value ?? 0) >= MAX_CLAIM_FILES)
    throw new AppError(409, "CONFLICT", `A claim holds at most ${MAX_CLAIM_FILES} files`);
  const stored = await databaseFileStore(tx).put({
    fileName: upload.fileName,
    mimeType: upload.mimeType,
    content: upload.content,
    companyId: claim.companyId,
    uploadedByUserId: actor.userId,
  });
  const [row] = await tx
    .insert(insuranceClaimFiles)
    .values({
      insuranceClaimId: id,
      fileId: stored.id,
      fileName: upload.fileName,
      uploadedByUserId: actor.userId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("claim file not stored");
  await logClaimEvent(
    tx,
    claim,
    "INSURANCE_CLAIM_FILE_ADDED",
    actor,
    { fileName: upload.fileName, mimeType: upload.mimeType, sizeBytes: upload.content.byteLength },
    now,
  );
  return {
    id: row.id,
    insuranceClaimId: id,
    fileName: row.fileName,
    mimeType: upload.mimeType,
    sizeBytes: upload.content.byteLength,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Deletes the claim and its files: the helpdesk any claim not completed, the employee an untouched one. */
export async function deleteClaim(tx: Db, id: string, actor: ClaimActor, now: Date): Promise<void> {
  const { claim, progress } = await lockClaim(tx, id);
  if (claim.status === "COMPLETED") throw closed();
  if (!actor.helpdesk && !canEmployeeDeleteClaim(progress))
    throw stepNotAllowed("The helpdesk is already handling the claim");
  const held = await tx
    .select({ fileId: insuranceClaimFiles.fileId })
    .from(insuranceClaimFiles)
    .where(eq(insuranceClaimFiles.insuranceClaimId, id));
  await tx.delete(insuranceClaimFiles).where(eq(insuranceClaimFiles.insuranceClaimId, id));
  if (held.length > 0)
    await tx.delete(files).where(
      inArray(
        files.id,
        held.map((file) => file.fileId),
      ),
    );
  await tx.delete(insuranceClaims).where(eq(insuranceClaims.id, id));
  await logClaimEvent(
    tx,
    claim,
    "INSURANCE_CLAIM_DELETED",
    actor,
    { type: claim.type, orderId: claim.orderId, files: held.length, stepsTaken: progress.stepsTaken.length },
    now,
  );
}

const isHelpdesk = (user: Pick<CurrentUser, "permissions">) =>
  user.permissions.includes("insurance-claims.manage");

export function createInsuranceClaimsService(ctx: AppContext) {
  const { db } = ctx.database;
  const mybike = `${ctx.config.publicUrl}/mybike`;

  async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => work(tx as unknown as Db));
  }

  /** The claim's employee, to mail: their login e-mail, language and first name. */
  async function employeeOf(claimId: string) {
    const [row] = await db
      .select({ email: users.email, language: users.language, firstName: systemUsers.firstName })
      .from(insuranceClaims)
      .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, insuranceClaims.beneficiaryEmployeeId))
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(eq(insuranceClaims.id, claimId));
    return row ?? null;
  }

  async function mailSafely(what: string, logFailure: FailureLog, send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      logFailure(error, what);
    }
  }

  /**
   * Where the caller stands towards a claim they may read: the helpdesk, or its own employee (with
   * own-order.manage); anyone else reading it (an employer role) may not change it.
   */
  async function actorFor(user: CurrentUser, id: string): Promise<ClaimActor> {
    const { employeeUserId } = await visibleClaim(db, user, id);
    if (isHelpdesk(user)) return { userId: user.id, helpdesk: true };
    if (employeeUserId === user.id && user.permissions.includes("own-order.manage"))
      return { userId: user.id, helpdesk: false };
    throw forbidden();
  }

  return {
    list(viewer: ClaimViewer, query: TInsuranceClaimsQuery): Promise<TInsuranceClaimPage> {
      return listClaims(db, viewer, query);
    },

    async details(viewer: ClaimViewer, id: string): Promise<TInsuranceClaim> {
      await visibleClaim(db, viewer, id);
      return claimDetails(db, viewer, id);
    },

    async create(
      user: CurrentUser,
      input: TCreateInsuranceClaim,
      now: Date,
      logFailure: FailureLog,
    ): Promise<TInsuranceClaim> {
      const actor = { userId: user.id, helpdesk: isHelpdesk(user) };
      const id = await inTransaction((tx) => createClaim(tx, input, actor, now));
      const claim = await claimDetails(db, user, id);
      await mailSafely("insurance claim confirmation mail failed", logFailure, async () => {
        const to = await employeeOf(id);
        if (!to) return;
        const mail = insuranceClaimReceivedMail(to.language, {
          name: to.firstName,
          type: claim.type,
          orderNumber: claim.order?.orderNumber ?? null,
          incidentDate: claim.incidentDate,
          reportedLate: claim.reportedLate,
          deductibleCents: claim.deductibleCents,
          insuredValueCents: claim.insuredValueCents,
          link: mybike,
        });
        await ctx.messaging.sendMail({ to: to.email, ...mail });
      });
      return claim;
    },

    async update(user: CurrentUser, id: string, input: TUpdateInsuranceClaim, now: Date) {
      const actor = await actorFor(user, id);
      await inTransaction((tx) => updateClaim(tx, id, input, actor, now));
      return claimDetails(db, user, id);
    },

    async step(user: CurrentUser, id: string, step: InsuranceClaimStep, now: Date, logFailure: FailureLog) {
      await visibleClaim(db, user, id);
      const actor = { userId: user.id, helpdesk: true };
      const settlement = await inTransaction((tx) => takeClaimStep(tx, id, step, actor, now));
      const claim = await claimDetails(db, user, id);
      if (settlement && claim.outcome) {
        const outcome = claim.outcome;
        await mailSafely("insurance claim settlement mail failed", logFailure, async () => {
          const to = await employeeOf(id);
          if (!to) return;
          const mail = insuranceClaimCompletedMail(to.language, {
            name: to.firstName,
            type: claim.type,
            outcome,
            orderNumber: claim.order?.orderNumber ?? null,
            ...settlement,
            link: mybike,
          });
          await ctx.messaging.sendMail({ to: to.email, ...mail });
        });
      }
      return claim;
    },

    async addFile(user: CurrentUser, id: string, body: Buffer, fileName: string, now: Date) {
      const actor = await actorFor(user, id);
      const upload = readUpload(body, fileName);
      return inTransaction((tx) => addClaimFile(tx, id, upload, actor, now));
    },

    /** The file's bytes, to whoever may read the claim. */
    async file(viewer: ClaimViewer, id: string, fileId: string) {
      await visibleClaim(db, viewer, id);
      const [row] = await db
        .select({ fileId: insuranceClaimFiles.fileId, fileName: insuranceClaimFiles.fileName })
        .from(insuranceClaimFiles)
        .where(and(eq(insuranceClaimFiles.id, fileId), eq(insuranceClaimFiles.insuranceClaimId, id)));
      const stored = row ? await databaseFileStore(db).get(row.fileId) : null;
      if (!row || !stored) throw notFound("File");
      return { ...stored, fileName: row.fileName };
    },

    async remove(user: CurrentUser, id: string, now: Date) {
      const actor = await actorFor(user, id);
      await inTransaction((tx) => deleteClaim(tx, id, actor, now));
      return { message: INSURANCE_CLAIM_DELETED };
    },
  };
}
