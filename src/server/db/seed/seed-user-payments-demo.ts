import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import { firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { addDays } from "../../../domain/user-payments.ts";
import {
  createUserPayment,
  markUserPaymentPaid,
  type NewUserPayment,
} from "../../modules/user-payments/ledger.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, companies, userPayments, users } from "../schema/index.ts";
import { type Actor, write } from "../transaction.ts";
import { DEMO_COMPANIES } from "./demo-data.ts";

/**
 * The demo of user payments, made through the ledger on the seed's clock, after the
 * orders (whose acceptances already owe their own shares above the max price):
 * - employee@demo.test has an accessory bought later to pay by invoice (open, sent) and an earlier one
 *   paid;
 * - the own shares of Demo Oy's and Demo Logistiikka Oy's orders due before this month were deducted by
 *   payroll, so they are paid; the newer ones stay open for next month's payroll;
 * So the helpdesk's list, its filters and the employer's section all have open and paid rows. A return
 * fee, a deductible or a redemption price is never made here by hand: each comes only from its
 * redemption case or insurance claim (seed-redemptions-demo.ts, seed-insurance-demo.ts), whose case also
 * ends or changes the lease, so payroll and the lease invoice stop for it.
 */

const EMPLOYEE = "employee@demo.test";

export async function seedUserPaymentsDemo(db: Db, now: Date): Promise<void> {
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  const companyRows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.name, [DEMO_COMPANIES.demo.name, DEMO_COMPANIES.demoLogistics.name]));
  if (!helpdesk || companyRows.length === 0) return;
  const by: Actor = { userId: helpdesk.id };
  /** A moment `days` before the seed's clock, at `hour` UTC of that day. */
  const daysAgo = (days: number, hour = 10) => {
    const day = toHelsinkiDateString(new Date(now.getTime() - days * DAY_MS));
    return new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  };
  const today = toHelsinkiDateString(now);
  const thisMonth = periodOf(today);

  const employments = await db
    .select({
      id: beneficiaryEmployees.id,
      companyId: beneficiaryEmployees.companyId,
      email: users.email,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(
      and(
        inArray(
          beneficiaryEmployees.companyId,
          companyRows.map((c) => c.id),
        ),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
      ),
    )
    .orderBy(asc(beneficiaryEmployees.createdAt), asc(users.email));

  const pay = async (payment: NewUserPayment, madeAt: Date, paidAt?: Date) => {
    const id = await write(db, { actor: by, now: madeAt }, (change) => createUserPayment(change, payment));
    if (paidAt) await write(db, { actor: by, now: paidAt }, (change) => markUserPaymentPaid(change, id));
  };

  const employee = employments.find((e) => e.email === EMPLOYEE);
  if (employee) {
    const base = {
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      kind: "OTHER",
    } as const;
    await pay(
      {
        ...base,
        description: "Jälkikäteen ostettu lisävaruste: tavarateline Tubus Cargo Evo",
        amountCents: 8_900,
        paymentMethod: "BATCH",
        dueDate: addDays(toHelsinkiDateString(daysAgo(3)), 14),
        send: true,
      },
      daysAgo(3),
    );
    await pay(
      {
        ...base,
        description: "Jälkikäteen ostettu lisävaruste: lokasuojat SKS Bluemels",
        amountCents: 3_900,
        paymentMethod: "BATCH",
        dueDate: addDays(toHelsinkiDateString(daysAgo(45)), 14),
        send: true,
      },
      daysAgo(45),
      daysAgo(38, 8),
    );
  }

  // Payroll deducted the own shares due before this month on the 15th of their month.
  const due = await db
    .select({ id: userPayments.id, dueDate: userPayments.dueDate })
    .from(userPayments)
    .where(
      and(
        inArray(
          userPayments.companyId,
          companyRows.map((c) => c.id),
        ),
        eq(userPayments.kind, "OWN_SHARE"),
        eq(userPayments.paymentMethod, "PAYROLL"),
        eq(userPayments.paymentStatus, "PENDING"),
        lt(userPayments.dueDate, firstDayOf(thisMonth)),
      ),
    );
  for (const share of due) {
    const payday = new Date(`${periodOf(share.dueDate as string)}-15T05:00:00Z`);
    await write(db, { actor: { userId: null }, now: payday }, (change) =>
      markUserPaymentPaid(change, share.id),
    );
  }
}
