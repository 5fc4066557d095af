import { asc, eq } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { DEFAULT_LANGUAGE } from "../../../domain/enums.ts";
import { defectWindowEndsOn, type EmployeeSigningPlace } from "../../../domain/handovers.ts";
import { leaseStartDate } from "../../../domain/lease-dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  files,
  handoverPhotos,
  handovers,
  users,
} from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { OrderUser } from "../orders/lifecycle.ts";
import type { SignerMeta } from "../orders/sign-agreement.ts";
import { provideDeliveryOf } from "../store-links/provide-delivery.ts";
import { handoverClosed } from "./errors.ts";
import { renderHandoverPdf } from "./handover-pdf.ts";
import { type HandoverOrder, type HandoverRow, nameOfUser } from "./queries.ts";

/** The employee's signature: where, with which name, by their own account or at the store's device. */
export type EmployeeSignature = {
  place: EmployeeSigningPlace;
  name: string;
  userId: string | null;
  meta: SignerMeta;
};

/** What the protocol names besides the handover itself: the people, the company, the store, the photos. */
async function protocolParties(tx: Tx, order: HandoverOrder, handover: HandoverRow) {
  const [employee] = await tx
    .select({
      userId: beneficiaryEmployees.userId,
      companyName: companies.name,
      language: users.language,
    })
    .from(beneficiaryEmployees)
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId));
  const [store] = await tx
    .select({ storeName: bikeStores.storeName })
    .from(bikeStores)
    .where(eq(bikeStores.id, handover.bikeStoreId));
  const photos = await tx
    .select({ fileName: files.fileName, sha256: files.sha256 })
    .from(handoverPhotos)
    .innerJoin(files, eq(files.id, handoverPhotos.fileId))
    .where(eq(handoverPhotos.orderId, order.id))
    .orderBy(asc(handoverPhotos.createdAt), asc(handoverPhotos.id));
  return {
    employeeName: employee ? await nameOfUser(tx, employee.userId) : "",
    companyName: employee?.companyName ?? "",
    // The employee receives the bike and signs last, so the protocol is written in their language.
    language: employee?.language ?? DEFAULT_LANGUAGE,
    storeName: store?.storeName ?? "",
    storeSignerName: await nameOfUser(tx, handover.storeSignedByUserId),
    photos,
  };
}

/**
 * The employee's signature completes the handover (the store has signed it): the protocol's PDF is
 * rendered and stored with its SHA-256, the handover date is today, and the order takes the handover's
 * frame number and date as its delivery, moving to READY_FOR_BILLING as a store's delivery does; the
 * lease then starts on the first day of the next month. `order` and `handover` are locked in `ctx.tx`.
 */
export async function completeHandover(
  ctx: WriteContext<OrderUser>,
  fileStore: FileStore,
  order: HandoverOrder,
  handover: HandoverRow,
  signature: EmployeeSignature,
): Promise<void> {
  const { tx, now } = ctx;
  if (handover.status !== "AWAITING_EMPLOYEE") throw handoverClosed();
  const handoverDate = toHelsinkiDateString(now);
  const windowEnd = defectWindowEndsOn(handover.kind, handoverDate);
  const parties = await protocolParties(tx, order, handover);
  const pdf = await renderHandoverPdf({
    orderNumber: order.orderNumber,
    employeeName: parties.employeeName,
    companyName: parties.companyName,
    storeName: parties.storeName,
    kind: handover.kind,
    frameSerialNumber: handover.frameSerialNumber,
    batterySerial: handover.batterySerial,
    accessories: handover.accessories,
    photos: parties.photos,
    store: {
      signerName: parties.storeSignerName,
      signedAt: handover.storeSignedAt,
      pickupCodeCheckedAt: handover.pickupCodeCheckedAt,
    },
    employee: { signerName: signature.name, signedAt: now, place: signature.place },
    handoverDate,
    leaseStartDate: leaseStartDate(handoverDate),
    defectWindowEndsOn: windowEnd,
    language: parties.language,
  });
  const stored = await fileStore.put(tx, {
    fileName: `luovutuspoytakirja-${order.orderNumber}.pdf`,
    mimeType: "application/pdf",
    content: Buffer.from(pdf),
    companyId: order.companyId,
    uploadedByUserId: signature.userId,
  });
  await tx
    .update(handovers)
    .set({
      status: "COMPLETED",
      employeeSigningPlace: signature.place,
      employeeSignerName: signature.name,
      employeeSignedByUserId: signature.userId,
      employeeSignedAt: now,
      employeeSignerIp: signature.meta.ipAddress,
      employeeSignerUserAgent: signature.meta.userAgent,
      handoverDate,
      defectWindowEndsOn: windowEnd,
      fileId: stored.id,
      documentSha256: stored.sha256,
      updatedAt: now,
    })
    .where(eq(handovers.id, handover.id));
  await recordEvent(ctx, {
    type: "HANDOVER_SIGNED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { place: signature.place, handoverDate, documentSha256: stored.sha256 },
  });
  await provideDeliveryOf(
    ctx,
    order,
    { frameSerialNumber: handover.frameSerialNumber, deliveryDate: handoverDate },
    handoverClosed,
  );
}
