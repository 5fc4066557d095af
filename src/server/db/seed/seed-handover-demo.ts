import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { DAY_MS } from "../../../domain/dates.ts";
import { personName } from "../../../domain/person-name.ts";
import { completeHandover } from "../../modules/handovers/complete-handover.ts";
import { addHandoverPhoto } from "../../modules/handovers/photos.ts";
import { handoverRowOf } from "../../modules/handovers/queries.ts";
import { recordHandover } from "../../modules/handovers/record-handover.ts";
import type { OrderUser } from "../../modules/orders/lifecycle.ts";
import { lockRows } from "../lock-order.ts";
import { bikeStoreUsers, orders, systemUsers } from "../schema/index.ts";
import type { Tx } from "../transaction.ts";
import type { Person, SeedCtx } from "./order-status-walk.ts";
import { USER_AGENTS } from "./order-status-walks.ts";

/**
 * The demo's delivered handover: the store's user (Vauhti Espoo's own account) photographs the bike,
 * records the frame number, the battery and the accessories and signs as the bike is shipped; the
 * employee signs for it the next day on their phone. The order then has its delivery, its protocol PDF
 * and a defect window still open. Made by the handover's own functions, as a store and an employee would.
 */

/** A plain image (a photo's stand-in): `width` × `height` pixels of one colour, as a PNG. */
function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PHOTOS = [
  { fileName: "runko-vasen.png", colour: [64, 96, 128] },
  { fileName: "runkonumero.png", colour: [90, 90, 90] },
] as const;

export async function handOverInDemo(
  tx: Tx,
  c: SeedCtx,
  orderId: string,
  person: Person,
  storeSignedAt: Date,
): Promise<void> {
  const locked = async () => {
    const [row] = await lockRows(
      tx,
      "order",
      tx.select().from(orders).where(eq(orders.id, orderId)).for("update"),
    );
    return row as typeof orders.$inferSelect;
  };
  const order = await locked();
  const store = await storeAccountUserOf(tx, order.bikeStoreId);
  if (!store) return;
  const storeCtx = { tx, actor: store, now: storeSignedAt };
  for (const [index, photo] of PHOTOS.entries()) {
    await addHandoverPhoto(
      { ...storeCtx, now: new Date(storeSignedAt.getTime() - (2 - index) * 60_000) },
      c.files,
      order,
      {
        fileName: photo.fileName,
        mimeType: "image/png",
        content: solidPng(64, 48, photo.colour),
      },
    );
  }
  await recordHandover(
    storeCtx,
    c.files,
    order,
    {
      frameSerialNumber: `WC${String(7_310_000 + order.orderNumber * 37).padStart(9, "0")}`,
      batterySerial: `BOSCH-PT${String(order.orderNumber * 113).padStart(7, "0")}`,
      accessories: ["Kypärä Abus Pedelec 2.0", "Runkolukko Abus Bordo 6500", "Laturi Bosch 4A"],
      pickupCodeChecked: order.deliveryMethod !== "HOME_DELIVERY",
    },
    { ipAddress: "192.0.2.41", userAgent: USER_AGENTS[1] },
  );
  const [name] = await tx
    .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName })
    .from(systemUsers)
    .where(eq(systemUsers.userId, person.userId));
  const employee: OrderUser = { kind: "user", userId: person.userId, roleNames: ["BIKE_BENEFICIARY"] };
  const handover = await handoverRowOf(tx, orderId, true);
  if (!handover) return;
  await completeHandover(
    { tx, actor: employee, now: new Date(storeSignedAt.getTime() + DAY_MS) },
    c.files,
    await locked(),
    handover,
    {
      place: "OWN_DEVICE",
      name: personName(name?.firstName, name?.lastName, person.name),
      userId: person.userId,
      meta: { ipAddress: "198.51.100.23", userAgent: USER_AGENTS[0] },
    },
  );
}

/** The first user of the store's own account, acting as the store (the demo's Vauhti Espoo has one). */
export async function storeAccountUserOf(tx: Tx, bikeStoreId: string | null): Promise<OrderUser | null> {
  const [storeUser] = await tx
    .select({ userId: bikeStoreUsers.userId })
    .from(bikeStoreUsers)
    .where(eq(bikeStoreUsers.bikeStoreId, bikeStoreId ?? ""))
    .limit(1);
  return storeUser ? { kind: "user", userId: storeUser.userId, roleNames: ["BIKE_STORE"] } : null;
}
