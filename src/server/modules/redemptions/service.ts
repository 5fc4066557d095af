import { and, eq } from "drizzle-orm";
import {
  BIKE_REDEMPTION_CREATED,
  BIKE_REDEMPTION_DELETED,
  BIKE_REDEMPTION_UPDATED,
  REDEMPTION_PAYMENT_CREATED,
  REDEMPTION_PAYMENT_DELETED,
  REDEMPTION_PAYMENT_UPDATED,
  type TBikeRedemptionDetails,
  type TBikeRedemptionSaved,
  type TBikeRedemptionsQuery,
  type TOpenBikeRedemption,
  type TRedemptionChoiceInput,
  type TUpdateBikeRedemption,
} from "../../../contract/bike-redemptions.ts";
import {
  REDEMPTION_OFFER_CREATED,
  REDEMPTION_OFFER_UPLOADED,
  type TRedemptionOfferSaved,
  type TRedemptionOfferUploadQuery,
} from "../../../contract/redemption-offers.ts";
import type {
  TRedemptionPaymentInput,
  TRedemptionPaymentSaved,
  TRedemptionPaymentsQuery,
  TRedemptionPaymentUpdate,
} from "../../../contract/redemption-payments.ts";
import { REDEMPTION_OPENER_REASONS } from "../../../domain/redemption.ts";
import type { AppContext } from "../../context.ts";
import { beneficiaryEmployees, bikeRedemptions, orders, redemptionOffers } from "../../db/schema/index.ts";
import { type Actor, write } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { OpenedFile } from "../../files/file-store.ts";
import { receiveUpload } from "../../files/uploads.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, isCompanyInScope } from "../auth/tenancy.ts";
import { addGeneratedOffer, addUploadedOffer } from "./add-offer.ts";
import { cancelRedemptionCase } from "./cancel.ts";
import { caseDetails } from "./case-details.ts";
import { loadCaseFacts } from "./case-facts.ts";
import { chooseRedemption } from "./choose.ts";
import { completeRedemptionCase } from "./complete.ts";
import { updateRedemptionCase } from "./edit-case.ts";
import { sendLeasingCompanyInvoice } from "./invoice.ts";
import { queueRedemptionMail } from "./mails.ts";
import { openRedemptionCase } from "./open-case.ts";
import {
  deleteRedemptionPayment,
  findRedemptionPayment,
  listRedemptionPayments,
  recordRedemptionPayment,
  updateRedemptionPayment,
} from "./payments.ts";
import { canActFor, caseScope, listCases, offerOf } from "./queries.ts";

const has = (user: CurrentUser, permission: string) => user.permissions.includes(permission);
const isHelpdesk = (user: CurrentUser) => user.scope.kind === "all" && has(user, "redemptions.manage");
const actor = (user: CurrentUser): Actor => ({ userId: user.id });

/**
 * The redemption cases' service (contract/bike-redemptions.ts): scoping, one transaction per action
 * (each in its use case's file), the employee's mails queued with it. redemptions.manage calls act
 * within the caller's companies (all for the admin tier); the others within caseScope (queries.ts).
 */
export function createRedemptionsService(ctx: AppContext) {
  const { db } = ctx.database;

  /** A case the helpdesk-side caller reaches (404 otherwise). */
  async function managed(user: CurrentUser, id: string) {
    return loadCaseFacts(db, id, companyScopeWhere(user, bikeRedemptions.companyId));
  }

  const offerOutput = { publicUrl: ctx.config.publicUrl, files: ctx.files };

  const details = (user: CurrentUser, id: string, now = new Date()): Promise<TBikeRedemptionDetails> =>
    caseDetails(db, user, id, now);

  /** How the caller opens a case for the order: as the helpdesk, its employer or its employee; null: 404. */
  async function openerOf(
    user: CurrentUser,
    orderId: string,
  ): Promise<keyof typeof REDEMPTION_OPENER_REASONS | null> {
    const [order] = await db
      .select({ companyId: orders.companyId, employeeUserId: beneficiaryEmployees.userId })
      .from(orders)
      .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
      .where(eq(orders.id, orderId));
    if (!order) return null;
    if (isHelpdesk(user)) return "HELPDESK";
    if (has(user, "employees.manage") && isCompanyInScope(user, order.companyId)) return "EMPLOYER";
    if (has(user, "own-order.manage") && order.employeeUserId === user.id) return "EMPLOYEE";
    return null;
  }

  return {
    list: (user: CurrentUser, query: TBikeRedemptionsQuery) => listCases(db, user, query),

    details,

    async open(
      user: CurrentUser,
      input: TOpenBikeRedemption,
      now = new Date(),
    ): Promise<TBikeRedemptionSaved> {
      const as = await openerOf(user, input.orderId);
      if (!as) throw notFound("Order");
      if (!REDEMPTION_OPENER_REASONS[as].includes(input.reason))
        throw forbidden("You may not open a lease-end case for this reason");
      const id = await write(db, { actor: actor(user), now }, async (change) => {
        const opened = await openRedemptionCase(change, input, as, offerOutput);
        await queueRedemptionMail(change.tx, opened, "offer");
        return opened;
      });
      return { message: BIKE_REDEMPTION_CREATED, bikeRedemption: await details(user, id, now) };
    },

    async update(user: CurrentUser, id: string, input: TUpdateBikeRedemption): Promise<TBikeRedemptionSaved> {
      await managed(user, id);
      const now = new Date();
      await write(db, { actor: actor(user), now }, (change) => updateRedemptionCase(change, id, input));
      return { message: BIKE_REDEMPTION_UPDATED, bikeRedemption: await details(user, id, now) };
    },

    async remove(user: CurrentUser, id: string): Promise<{ message: string }> {
      await managed(user, id);
      await write(db, { actor: actor(user) }, (change) => cancelRedemptionCase(change, id));
      return { message: BIKE_REDEMPTION_DELETED };
    },

    async choose(
      user: CurrentUser,
      id: string,
      input: TRedemptionChoiceInput,
    ): Promise<TBikeRedemptionDetails> {
      await loadCaseFacts(db, id, caseScope(user, "orders.read"));
      if (!(await canActFor(db, user, id))) throw forbidden("You may not choose for this employee");
      const now = new Date();
      const chooser = { userId: user.id, helpdesk: isHelpdesk(user) };
      await write(db, { actor: chooser, now }, (change) => chooseRedemption(change, id, input));
      return details(user, id, now);
    },

    async sendLeasingCompanyInvoice(user: CurrentUser, id: string): Promise<TBikeRedemptionDetails> {
      await managed(user, id);
      const now = new Date();
      await write(db, { actor: actor(user), now }, (change) => sendLeasingCompanyInvoice(change, id));
      return details(user, id, now);
    },

    async complete(user: CurrentUser, id: string): Promise<TBikeRedemptionDetails> {
      await managed(user, id);
      const now = new Date();
      await write(db, { actor: actor(user), now }, async (change) => {
        await completeRedemptionCase(change, id);
        await queueRedemptionMail(change.tx, id, "completed");
      });
      return details(user, id, now);
    },

    async regenerateOffer(user: CurrentUser, id: string): Promise<TRedemptionOfferSaved> {
      await managed(user, id);
      const now = new Date();
      const offerId = await write(db, { actor: actor(user), now }, (change) =>
        addGeneratedOffer(change, id, offerOutput),
      );
      return { message: REDEMPTION_OFFER_CREATED, offer: await offerOf(db, offerId) };
    },

    async uploadOffer(
      user: CurrentUser,
      query: TRedemptionOfferUploadQuery,
      body: Buffer,
    ): Promise<TRedemptionOfferSaved> {
      const upload = await receiveUpload(ctx.files, body, query.fileName);
      await managed(user, query.bikeRedemptionId);
      const offerId = await write(db, { actor: actor(user) }, (change) =>
        addUploadedOffer(change, ctx.files, query.bikeRedemptionId, upload),
      );
      return { message: REDEMPTION_OFFER_UPLOADED, offer: await offerOf(db, offerId) };
    },

    /** An offer's file, for whoever may read its case. */
    async offerFile(user: CurrentUser, offerId: string): Promise<OpenedFile> {
      const [offer] = await db
        .select({ fileId: redemptionOffers.fileId })
        .from(redemptionOffers)
        .innerJoin(bikeRedemptions, eq(bikeRedemptions.id, redemptionOffers.bikeRedemptionId))
        .where(and(eq(redemptionOffers.id, offerId), caseScope(user, "orders.read")));
      const file = offer ? await ctx.files.open(db, offer.fileId) : null;
      if (!file) throw notFound("Redemption offer");
      return file;
    },

    listPayments: (user: CurrentUser, query: TRedemptionPaymentsQuery) =>
      listRedemptionPayments(db, user, query),

    findPayment: paymentInReach,

    async recordPayment(user: CurrentUser, input: TRedemptionPaymentInput): Promise<TRedemptionPaymentSaved> {
      await managed(user, input.bikeRedemptionId);
      const id = await write(db, { actor: actor(user) }, (change) => recordRedemptionPayment(change, input));
      return { message: REDEMPTION_PAYMENT_CREATED, redemptionPayment: await findRedemptionPayment(db, id) };
    },

    async updatePayment(
      user: CurrentUser,
      id: string,
      input: TRedemptionPaymentUpdate,
    ): Promise<TRedemptionPaymentSaved> {
      await paymentInReach(user, id);
      await write(db, { actor: actor(user) }, (change) => updateRedemptionPayment(change, id, input));
      return { message: REDEMPTION_PAYMENT_UPDATED, redemptionPayment: await findRedemptionPayment(db, id) };
    },

    async deletePayment(user: CurrentUser, id: string): Promise<{ message: string }> {
      await paymentInReach(user, id);
      await write(db, { actor: actor(user) }, (change) => deleteRedemptionPayment(change, id));
      return { message: REDEMPTION_PAYMENT_DELETED };
    },
  };

  /** A payment of a case in the caller's companies (all for the admin tier); 404 otherwise. */
  async function paymentInReach(user: CurrentUser, id: string) {
    const payment = await findRedemptionPayment(db, id);
    if (!isCompanyInScope(user, payment.company.companyId)) throw notFound("Redemption payment");
    return payment;
  }
}
