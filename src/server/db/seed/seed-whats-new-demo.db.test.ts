import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zWhatsNew } from "../../../contract/whats-new.ts";
import { messageOutbox } from "../schema/index.ts";
import { DEMO_DEFECT_DESCRIPTION } from "./seed-whats-new-demo.ts";

/**
 * The demo shows what is new where each person looks: Vauhti Espoo's account has an order with a
 * defect reported hours ago (its badge, its words in the drawer, its mail), and a demo
 * employee's /mybike lists the steps taken on their order this month.
 */
const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const newsOf = async (page: string, who: string) =>
  zWhatsNew.parse((await call("GET", `/api/whats-new/${page}`, who)).json());

describe("the demo's news", () => {
  it("shows the store its order with the defect reported, and queues the store's mail", async () => {
    const news = await newsOf("storeOrders", "myyja@vauhti.test");
    expect(news.items).toContainEqual(
      expect.objectContaining({ kind: "DEFECT_REPORTED", note: DEMO_DEFECT_DESCRIPTION }),
    );
    const mails = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.event, "ORDER_HANDOVER_DEFECT"));
    expect(mails.map((m) => m.params.description)).toContain(DEMO_DEFECT_DESCRIPTION);
  });

  it("shows a demo employee what the store did on their order", async () => {
    const news = await newsOf("myBike", "mervi.leinonen@toinen.test");
    expect(news.items.length).toBeGreaterThan(0);
    expect(news.items[0]).toMatchObject({ kind: "STATUS_CHANGED", status: "WAITING_FOR_DELIVERY_DATE" });
  });
});
