import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { zJoinConfirmation } from "../../../contract/join-rules.ts";
import { joinerTreatment } from "../../../domain/join-rules.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { beneficiaryEmployees, companies, users } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { sha256 } from "../auth/tokens.ts";
import { joinRuleOf } from "./join-rule.ts";

const be = beneficiaryEmployees;

/**
 * A domain joiner opens the link mailed to them: the address is theirs. They are accepted when the
 * company's rule still accepts their address (it may have changed since they joined); otherwise their
 * request waits for the employer as any other. The link works once, and not after the employer decided.
 * No decision mail goes, as none goes when a person accepts an invitation: they are on the page that says so.
 */
export async function confirmJoin(db: Db, token: string): Promise<z.infer<typeof zJoinConfirmation>> {
  return write(db, { actor: { userId: null } }, async (change) => {
    const { tx, now } = change;
    const [waiting] = await lockRows(
      tx,
      "employee",
      tx
        .select({
          id: be.id,
          userId: be.userId,
          companyId: be.companyId,
          status: be.status,
          expiresAt: be.joinConfirmationExpiresAt,
          companyName: companies.name,
          email: users.email,
        })
        .from(be)
        .innerJoin(companies, eq(companies.id, be.companyId))
        .innerJoin(users, eq(users.id, be.userId))
        .where(eq(be.joinConfirmationHash, sha256(token)))
        .for("update", { of: be }),
    );
    if (waiting?.status !== "PENDING" || !waiting.expiresAt || waiting.expiresAt <= now) {
      return { outcome: "INVALID", companyName: null };
    }
    await tx
      .update(be)
      .set({ joinConfirmationHash: null, joinConfirmationExpiresAt: null, updatedAt: now })
      .where(eq(be.id, waiting.id));
    const rule = await joinRuleOf(tx, waiting.companyId);
    if (joinerTreatment(rule, waiting.email) !== "CONFIRMS_TO_JOIN") {
      return { outcome: "WAITS", companyName: waiting.companyName };
    }
    await tx
      .update(be)
      .set({ status: "ACCEPTED", decidedAt: now, decidedByUserId: null })
      .where(eq(be.id, waiting.id));
    await recordEvent(change, {
      type: "EMPLOYEE_ACCEPTED",
      entity: { type: "beneficiaryEmployee", id: waiting.id },
      companyId: waiting.companyId,
      data: { userId: waiting.userId, source: "verified-domain" },
    });
    return { outcome: "JOINED", companyName: waiting.companyName };
  });
}
