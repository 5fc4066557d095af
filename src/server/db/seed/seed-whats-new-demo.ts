import { and, eq } from "drizzle-orm";
import { handoverRowOf } from "../../modules/handovers/queries.ts";
import { reportHandoverDefect } from "../../modules/handovers/report-defect.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, handovers, orders, users } from "../schema/index.ts";
import { inTransaction } from "../transaction.ts";

/** The employee whose shipped bike the demo's store handed over (seed-handover-demo.ts). */
const DEMO_DEFECT_REPORTER = "katja.rautio@demo.test";
export const DEMO_DEFECT_DESCRIPTION = "Takavalo ei syty, vaikka akku on ladattu.";

/**
 * What is new where each person looks, in the demo: the employee whose bike was shipped reports a
 * defect a few hours ago, through the handover's own function, so Vauhti Espoo's account shows the
 * order with its "new" badge and the defect in its drawer (and its mail is in the outbox). The
 * employees' /mybike shows the steps the store and the helpdesk took on their orders this month
 * (mervi.leinonen@toinen.test's bike ready at the store, katja.rautio@demo.test's handover).
 */
export async function seedWhatsNewDemo(db: Db, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [shipped] = await tx
      .select({ order: orders, userId: users.id })
      .from(handovers)
      .innerJoin(orders, eq(orders.id, handovers.orderId))
      .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(handovers.kind, "SHIPPED"), eq(users.email, DEMO_DEFECT_REPORTER)))
      .limit(1);
    if (!shipped) return;
    const reportedAt = new Date(now.getTime() - 3 * 60 * 60 * 1000);
    await reportHandoverDefect(
      {
        tx,
        actor: { kind: "user", userId: shipped.userId, roleNames: ["BIKE_BENEFICIARY"] },
        now: reportedAt,
      },
      shipped.order,
      await handoverRowOf(tx, shipped.order.id, true),
      { description: DEMO_DEFECT_DESCRIPTION },
    );
  });
}
