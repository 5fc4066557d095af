import { and, eq } from "drizzle-orm";
import type {
  TCreateInsuranceClaim,
  TInsuranceClaim,
  TInsuranceClaimPage,
  TInsuranceClaimsQuery,
  TUpdateInsuranceClaim,
} from "../../../contract/insurance-claims.ts";
import { INSURANCE_CLAIM_DELETED } from "../../../contract/insurance-claims.ts";
import type { InsuranceClaimStep } from "../../../domain/insurance-claims.ts";
import type { AppContext } from "../../context.ts";
import { insuranceClaimFiles } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors.ts";
import { receiveUpload } from "../../files/uploads.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { addClaimFile } from "./add-file.ts";
import type { ClaimActor } from "./claim-facts.ts";
import { createClaim } from "./create-claim.ts";
import { deleteClaim } from "./delete-claim.ts";
import { queueClaimReceived, queueClaimSettled } from "./mails.ts";
import { type ClaimViewer, claimDetails, listClaims, visibleClaim } from "./queries.ts";
import { takeClaimStep } from "./take-step.ts";
import { updateClaim } from "./update-claim.ts";

/**
 * Insurance claims (ADR 009, "Insurance claims"; contract/insurance-claims.ts). The employee reports
 * theft or damage of their bike in use, the helpdesk handles it through the outcome's steps
 * (src/domain/insurance-claims.ts). Each change is one transaction with its event-log rows (entity
 * insuranceClaim), in its use case's file; the claim row is locked first, so two steps at once cannot
 * both pass. The employee's mails are queued in the message outbox with the change (mails.ts).
 */

const isHelpdesk = (user: Pick<CurrentUser, "permissions">) =>
  user.permissions.includes("insurance-claims.manage");

export function createInsuranceClaimsService(ctx: AppContext) {
  const { db } = ctx.database;
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
      return listClaims(db, viewer, query, ctx.config);
    },

    async details(viewer: ClaimViewer, id: string): Promise<TInsuranceClaim> {
      await visibleClaim(db, viewer, id);
      return claimDetails(db, viewer, id, ctx.config);
    },

    async create(user: CurrentUser, input: TCreateInsuranceClaim, now: Date): Promise<TInsuranceClaim> {
      const actor = { userId: user.id, helpdesk: isHelpdesk(user) };
      const id = await write(db, { actor, now }, async (change) => {
        const created = await createClaim(change, input, ctx.config);
        await queueClaimReceived(change.tx, await claimDetails(change.tx, user, created, ctx.config));
        return created;
      });
      return claimDetails(db, user, id, ctx.config);
    },

    async update(user: CurrentUser, id: string, input: TUpdateInsuranceClaim, now: Date) {
      const actor = await actorFor(user, id);
      await write(db, { actor, now }, (change) => updateClaim(change, id, input, ctx.config));
      return claimDetails(db, user, id, ctx.config);
    },

    async step(user: CurrentUser, id: string, step: InsuranceClaimStep, now: Date) {
      await visibleClaim(db, user, id);
      const actor = { userId: user.id, helpdesk: true };
      await write(db, { actor, now }, async (change) => {
        const settlement = await takeClaimStep(change, id, step);
        if (!settlement) return;
        const claim = await claimDetails(change.tx, user, id, ctx.config);
        if (claim.outcome) await queueClaimSettled(change.tx, claim, claim.outcome, settlement);
      });
      return claimDetails(db, user, id, ctx.config);
    },

    async addFile(user: CurrentUser, id: string, body: Buffer, fileName: string, now: Date) {
      const actor = await actorFor(user, id);
      const upload = await receiveUpload(ctx.files, body, fileName);
      return write(db, { actor, now }, (change) => addClaimFile(change, ctx.files, id, upload));
    },

    /** The file's bytes, to whoever may read the claim; whose claim it is, for the access log. */
    async file(viewer: ClaimViewer, id: string, fileId: string) {
      const { claim, employeeUserId } = await visibleClaim(db, viewer, id);
      const [row] = await db
        .select({ fileId: insuranceClaimFiles.fileId, fileName: insuranceClaimFiles.fileName })
        .from(insuranceClaimFiles)
        .where(and(eq(insuranceClaimFiles.id, fileId), eq(insuranceClaimFiles.insuranceClaimId, id)));
      const stored = row ? await ctx.files.open(db, row.fileId) : null;
      if (!row || !stored) throw notFound("File");
      return { ...stored, fileName: row.fileName, employeeUserId, companyId: claim.companyId };
    },

    async remove(user: CurrentUser, id: string, now: Date) {
      const actor = await actorFor(user, id);
      await write(db, { actor, now }, (change) => deleteClaim(change, id));
      return { message: INSURANCE_CLAIM_DELETED };
    },
  };
}
