import type { TPageQuery } from "../../../contract/common.ts";
import type {
  TApprovePayoutBatch,
  TCreatePayoutBatch,
  TMarkPayoutBatchPaid,
  TPayoutBatchDetails,
  TPayoutBatchesQuery,
  TReconciliationQuery,
  TStorePayablesQuery,
} from "../../../contract/store-payouts.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { approvePayoutBatch } from "./approve-batch.ts";
import { createPayoutBatch } from "./create-batch.ts";
import { discardPayoutBatch, PAYOUT_BATCH_DISCARDED } from "./discard-batch.ts";
import { paymentFileOf, reconciliationFileOf } from "./files.ts";
import { markPayoutBatchPaid } from "./mark-batch-paid.ts";
import { batchDetails, listBatches, listPayables, openPayables } from "./queries.ts";
import { storePayoutsOf } from "./store-view.ts";

/**
 * Paying bike stores (contract/store-payouts.ts): the reads of queries.ts, the batch's three changes
 * (create-, approve-, discard-, mark-batch-paid.ts), each in one transaction with its event, and the two files.
 */
export function createStorePayoutsService(ctx: AppContext) {
  const { db } = ctx.database;
  const clerk = (user: CurrentUser) => ({ userId: user.id });

  return {
    payables: (query: TStorePayablesQuery) => listPayables(db, query),
    open: () => openPayables(db),
    batches: (query: TPayoutBatchesQuery) => listBatches(db, query),
    batch: (user: CurrentUser, id: string) => batchDetails(db, id, user.id),

    async createBatch(user: CurrentUser, input: TCreatePayoutBatch): Promise<TPayoutBatchDetails> {
      const id = await write(db, { actor: clerk(user) }, (w) => createPayoutBatch(w, input));
      return batchDetails(db, id, user.id);
    },

    async approve(user: CurrentUser, id: string, input: TApprovePayoutBatch): Promise<TPayoutBatchDetails> {
      await write(db, { actor: clerk(user) }, (w) => approvePayoutBatch(w, id, input));
      return batchDetails(db, id, user.id);
    },

    async discard(user: CurrentUser, id: string): Promise<{ message: string }> {
      await write(db, { actor: clerk(user) }, (w) => discardPayoutBatch(w, id));
      return { message: PAYOUT_BATCH_DISCARDED };
    },

    async markPaid(user: CurrentUser, id: string, input: TMarkPayoutBatchPaid): Promise<TPayoutBatchDetails> {
      await write(db, { actor: clerk(user) }, (w) => markPayoutBatchPaid(w, id, input));
      return batchDetails(db, id, user.id);
    },

    paymentFile: (user: CurrentUser, id: string) => paymentFileOf(db, id, user.id),
    reconciliationFile: (query: TReconciliationQuery) => reconciliationFileOf(db, query),

    /** One store's payables and payouts; the caller has been let reach this store. */
    ofStore: (bikeStoreId: string, page: TPageQuery) => storePayoutsOf(db, bikeStoreId, page),
  };
}
