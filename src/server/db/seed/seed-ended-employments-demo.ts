import { and, eq, lt } from "drizzle-orm";
import { DEFAULT_LAST_WORKING_DAY } from "../../../domain/dates.ts";
import type { FileStore } from "../../files/file-store.ts";
import { openCasesForEndedEmployment } from "../../modules/redemptions/employment-end.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, users } from "../schema/index.ts";
import { write } from "../transaction.ts";
import { DEMO_PUBLIC_URL } from "./demo-data.ts";

/**
 * The demo's employments that end, with the redemption cases their ending opens: the demo's stories set
 * a last working day on the employee's row, and this gives each of their running or starting leases its
 * case through the same step the employer's form and the identity provider take, so no demo lease is
 * left to run past its employment.
 */
export async function seedEndedEmploymentsDemo(db: Db, files: FileStore, now: Date): Promise<void> {
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  const ending = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(
      and(
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        lt(beneficiaryEmployees.lastWorkingDayDate, DEFAULT_LAST_WORKING_DAY),
      ),
    );
  for (const employee of ending) {
    await write(db, { actor: { userId: helpdesk?.id ?? null }, now }, (ctx) =>
      openCasesForEndedEmployment(ctx, employee.id, "EMPLOYER", { publicUrl: DEMO_PUBLIC_URL, files }),
    );
  }
}
