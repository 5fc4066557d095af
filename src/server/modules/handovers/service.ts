import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { TOrderHandover, TRecordHandover, TReportHandoverDefect } from "../../../contract/handovers.ts";
import {
  handoverKindOf,
  PICKUP_CODE_FAILURE_WINDOW_SECONDS,
  PICKUP_CODE_MAX_FAILURES,
} from "../../../domain/handovers.ts";
import type { AppContext } from "../../context.ts";
import { handoverPhotos } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { receiveUpload } from "../../files/uploads.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { asOrderUser } from "../orders/lifecycle.ts";
import type { SignerMeta } from "../orders/sign-agreement.ts";
import { completeHandover } from "./complete-handover.ts";
import { handoverClosed, photoNotAnImage, pickupCodeLocked, pickupCodeWrong } from "./errors.ts";
import { addHandoverPhoto, removeHandoverPhoto } from "./photos.ts";
import { pickupCodeOf as pickupCodeOfOrder } from "./pickup-code.ts";
import {
  handoverRecordable,
  handoverRowOf,
  nameOfUser,
  orderHandoverOf,
  storeHandoverOf,
  storeOrderRow,
  viewedOrder,
} from "./queries.ts";
import { recordHandover } from "./record-handover.ts";
import { reportHandoverDefect } from "./report-defect.ts";

type StoreUser = Pick<CurrentUser, "id" | "roleNames" | "storeIds">;
type HandoverViewer = Pick<CurrentUser, "id" | "roleNames" | "scope" | "permissions">;

/**
 * The handover of the bike: the store's photos and record as a user of its account, the employee's
 * pickup code, signature and defect report, and the protocol's PDF for each party.
 */
export function createHandoversService(ctx: AppContext) {
  const { db } = ctx.database;
  const pickupCodeOf = (orderId: string) => pickupCodeOfOrder(ctx.config.jwtSecret, orderId);
  const failures = ctx.counters.window("pickup-code-failures", PICKUP_CODE_FAILURE_WINDOW_SECONDS * 1000);

  /**
   * The code the store typed against the order's; too many wrong ones lock the order's check for a
   * while. Every try is counted before it is judged, in one atomic step that counts only below the
   * limit, so tries sent at once cannot all be judged and the count never passes the limit; the right
   * code then clears the count, as it would have been the store's last try.
   */
  async function checkPickupCode(orderId: string, typed: string): Promise<void> {
    const tried = await failures.addBelow(orderId, PICKUP_CODE_MAX_FAILURES);
    if (!tried.counted) throw pickupCodeLocked(tried.msLeft / 1000);
    const expected = Buffer.from(pickupCodeOf(orderId));
    const given = Buffer.from(typed);
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      await failures.reset(orderId);
      return;
    }
    if (tried.count >= PICKUP_CODE_MAX_FAILURES) throw pickupCodeLocked(tried.msLeft / 1000);
    throw pickupCodeWrong();
  }

  /** The protocol's PDF of a completed handover, or 404. */
  async function protocolOf(orderId: string) {
    const row = await handoverRowOf(db, orderId);
    const opened = row?.fileId ? await ctx.files.open(db, row.fileId) : null;
    if (!opened) throw notFound("Handover protocol");
    return opened;
  }

  return {
    pickupCodeOf,

    ofStore: (user: StoreUser, orderId: string) => storeHandoverOf(db, user.storeIds, orderId),

    async addPhoto(user: StoreUser, orderId: string, body: Buffer, fileName: string, now = new Date()) {
      await storeOrderRow(db, user.storeIds, orderId);
      const upload = await receiveUpload(ctx.files, body, fileName);
      if (upload.mimeType === "application/pdf") throw photoNotAnImage();
      return write(db, { actor: asOrderUser(user), now }, async (w) =>
        addHandoverPhoto(w, ctx.files, await storeOrderRow(w.tx, user.storeIds, orderId, true), upload),
      );
    },

    async photo(user: StoreUser, orderId: string, photoId: string) {
      await storeOrderRow(db, user.storeIds, orderId);
      const [row] = await db
        .select({ fileId: handoverPhotos.fileId })
        .from(handoverPhotos)
        .where(and(eq(handoverPhotos.id, photoId), eq(handoverPhotos.orderId, orderId)));
      const opened = row ? await ctx.files.open(db, row.fileId) : null;
      if (!opened) throw notFound("Photo");
      return opened;
    },

    async removePhoto(user: StoreUser, orderId: string, photoId: string, now = new Date()) {
      await write(db, { actor: asOrderUser(user), now }, async (w) =>
        removeHandoverPhoto(w, await storeOrderRow(w.tx, user.storeIds, orderId, true), photoId),
      );
    },

    async record(
      user: StoreUser,
      orderId: string,
      input: TRecordHandover,
      meta: SignerMeta,
      now = new Date(),
    ) {
      const order = await storeOrderRow(db, user.storeIds, orderId);
      // A code is checked only for an order that takes a handover now: no guessing at finished ones.
      if (!(await handoverRecordable(db, order, await handoverRowOf(db, orderId)))) throw handoverClosed();
      const inPerson = handoverKindOf(order.deliveryMethod) === "IN_STORE";
      if (inPerson && input.pickupCode !== undefined) await checkPickupCode(orderId, input.pickupCode);
      await write(db, { actor: asOrderUser(user), now }, async (w) =>
        recordHandover(
          w,
          ctx.files,
          await storeOrderRow(w.tx, user.storeIds, orderId, true),
          { ...input, pickupCodeChecked: inPerson && input.pickupCode !== undefined },
          meta,
        ),
      );
      return storeHandoverOf(db, user.storeIds, orderId);
    },

    async storeProtocol(user: StoreUser, orderId: string) {
      await storeOrderRow(db, user.storeIds, orderId);
      return protocolOf(orderId);
    },

    ofOrder: (viewer: HandoverViewer, orderId: string, now = new Date()): Promise<TOrderHandover> =>
      orderHandoverOf(db, viewer, orderId, pickupCodeOf, now),

    /** The employee signs for the bike on their own device; anyone else's order is 404. */
    async sign(user: HandoverViewer, orderId: string, meta: SignerMeta, now = new Date()) {
      await write(db, { actor: asOrderUser(user), now }, async (w) => {
        const { order, own } = await viewedOrder(w.tx, user, orderId, true);
        if (!own) throw notFound("Order");
        const handover = await handoverRowOf(w.tx, orderId, true);
        if (!handover) throw handoverClosed();
        await completeHandover(w, ctx.files, order, handover, {
          place: "OWN_DEVICE",
          name: await nameOfUser(w.tx, user.id),
          userId: user.id,
          meta,
        });
      });
      return orderHandoverOf(db, user, orderId, pickupCodeOf, now);
    },

    async reportDefect(
      user: HandoverViewer,
      orderId: string,
      input: TReportHandoverDefect,
      now = new Date(),
    ) {
      await write(db, { actor: asOrderUser(user), now }, async (w) => {
        const { order, own } = await viewedOrder(w.tx, user, orderId, true);
        if (!own) throw notFound("Order");
        await reportHandoverDefect(w, order, await handoverRowOf(w.tx, orderId), input);
      });
    },

    async orderProtocol(viewer: HandoverViewer, orderId: string) {
      await viewedOrder(db, viewer, orderId);
      return protocolOf(orderId);
    },
  };
}
