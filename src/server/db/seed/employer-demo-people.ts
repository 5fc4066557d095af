import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { employeeRegistrationNotification } from "../../modules/notifications/texts.ts";
import { beneficiaryEmployees, employeeAbsences, systemUsers, userRoles, users } from "../schema/index.ts";
import { DEMO_COMPANIES } from "./demo-data.ts";
import { bell, type Ctx, daysFrom, event } from "./employer-demo-context.ts";
import { DEMO_COST_UNITS, DEMO_EMPLOYEE_NUMBER_BASE, type DemoEmployee } from "./employer-demo-data.ts";
import { seedLease } from "./employer-demo-leases.ts";
import { seedOrder } from "./employer-demo-orders.ts";

/**
 * The employer portal's employees: each with their login, employment and its events (join requests,
 * rejections, ended employments), absences, and their lease or order.
 */

/** "Pihla Lindroos" → "pihla.lindroos": the e-mail's local part, without Finnish letters. */
function emailName(first: string, last: string): string {
  const plain = (s: string) =>
    s
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z]/g, "");
  return `${plain(first)}.${plain(last)}`;
}

/** The Finland-Swedish names of the demo write to the app in Swedish. */
const SWEDISH = new Set(["Nyström", "Lundqvist", "Wikström", "Söderberg", "Holmström", "Backman"]);

export async function seedPerson(c: Ctx, person: DemoEmployee, index: number, admins: readonly string[]) {
  const { db, now } = c;
  const companyId = c.companyIds.get(person.company) as string;
  const companyName = DEMO_COMPANIES[person.company].name;
  const story = person.story;
  const waiting = story.kind === "pending" || story.kind === "rejected";
  const joined = waiting ? daysFrom(now, -story.daysAgo) : daysFrom(now, -(420 - index * 6));
  const domain = person.company === "toinen" ? "toinen.test" : "demo.test";
  const email = `${emailName(person.firstName, person.lastName)}@${domain}`;
  const language = SWEDISH.has(person.lastName) ? "sv" : "fi";
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: c.passwordHash,
      phoneNumber: `+35840555${String(2000 + index).padStart(4, "0")}`,
      language,
      createdAt: joined,
      lastLoginAt: waiting ? null : daysFrom(now, -(index % 20) - 1),
    })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.insert(systemUsers).values({
    userId,
    firstName: person.firstName,
    lastName: person.lastName,
    companyId,
  });
  if (story.kind !== "rejected") {
    await db
      .insert(userRoles)
      .values({ userId, roleId: c.roleIds.get("BIKE_BENEFICIARY") as string, companyId });
  }
  const base = DEMO_EMPLOYEE_NUMBER_BASE[person.company];
  const status = story.kind === "pending" ? "PENDING" : story.kind === "rejected" ? "REJECTED" : "ACCEPTED";
  const decider = c.adminOf.get(person.company) ?? null;
  const decidedAt = status === "PENDING" ? null : daysFrom(joined, 1);
  const [employee] = await db
    .insert(beneficiaryEmployees)
    .values({
      userId,
      companyId,
      unitId: c.unitIds.get(person.company)?.[person.unit] ?? null,
      costUnit: waiting ? null : DEMO_COST_UNITS[person.company][person.unit],
      employeeNumber: waiting || person.noNumber ? null : `${base.prefix}${base.from + index}`,
      payRollOther: person.payRollOther ?? null,
      status,
      lastWorkingDayDate:
        person.ended !== undefined
          ? toHelsinkiDateString(daysFrom(now, -person.ended))
          : person.ends !== undefined
            ? toHelsinkiDateString(daysFrom(now, person.ends))
            : undefined,
      jobTrialPeriodEndDate:
        person.trial !== undefined ? toHelsinkiDateString(daysFrom(now, person.trial)) : null,
      decidedAt,
      decidedByUserId: decidedAt ? decider : null,
      createdAt: joined,
      updatedAt: joined,
    })
    .returning();
  const row = employee as typeof beneficiaryEmployees.$inferSelect;
  const on = { type: "beneficiaryEmployee" as const, id: row.id };
  const name = `${person.firstName} ${person.lastName}`;

  event(
    c,
    "USER_CREATED",
    joined,
    { type: "user", id: userId },
    {
      actor: waiting ? null : decider,
      companyId,
      data: { source: waiting ? "registration-link" : "employer", beneficiaryEmployeeId: row.id },
    },
  );
  if (status === "ACCEPTED")
    event(c, "EMPLOYEE_CREATED", joined, on, { actor: decider, companyId, data: { userId } });
  if (status === "REJECTED" && decidedAt)
    event(c, "EMPLOYEE_REJECTED", decidedAt, on, { actor: decider, companyId });
  if (person.ended !== undefined || person.ends !== undefined) {
    event(c, "EMPLOYMENT_ENDED", daysFrom(now, -Math.max(person.ended ?? 0, 5) - 20), on, {
      actor: decider,
      companyId,
      data: { fields: ["lastWorkingDayDate"], lastWorkingDayDate: row.lastWorkingDayDate },
    });
  }
  if (story.kind === "pending") {
    bell(c, admins, joined, () => ({
      companyId,
      type: "EMPLOYEE_REGISTRATION",
      ...employeeRegistrationNotification("fi", { employeeName: name, companyName }),
      entityType: "beneficiaryEmployee",
      entityId: row.id,
      data: { userId, beneficiaryEmployeeId: row.id },
    }));
  }

  if (person.parental !== undefined) {
    const start = toHelsinkiDateString(daysFrom(now, -person.parental));
    await absence(c, row, "PARENTAL_LEAVE", start, null, decider);
  }
  if (person.sick !== undefined) {
    const start = daysFrom(now, -40);
    await absence(
      c,
      row,
      "SICK_LEAVE",
      toHelsinkiDateString(start),
      toHelsinkiDateString(daysFrom(start, person.sick - 1)),
      decider,
    );
  }

  if (story.kind === "lease") await seedLease(c, person, row, index, name, admins);
  if (story.kind === "order") await seedOrder(c, row, index, story, name, admins);
}

async function absence(
  c: Ctx,
  employee: typeof beneficiaryEmployees.$inferSelect,
  reason: "PARENTAL_LEAVE" | "SICK_LEAVE",
  startDate: string,
  endDate: string | null,
  actor: string | null,
) {
  const [row] = await c.db
    .insert(employeeAbsences)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      reason,
      startDate,
      endDate,
      createdByUserId: actor,
    })
    .returning({ id: employeeAbsences.id });
  event(
    c,
    "EMPLOYEE_ABSENCE_RECORDED",
    new Date(`${startDate}T08:00:00Z`),
    { type: "beneficiaryEmployee", id: employee.id },
    {
      actor,
      companyId: employee.companyId,
      data: { absenceId: row?.id, reason, startDate, endDate },
    },
  );
}
