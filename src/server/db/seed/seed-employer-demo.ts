import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { randomToken, sha256 } from "../../modules/auth/tokens.ts";
import { createNotifications } from "../../modules/notifications/create.ts";
import type { Db } from "../client.ts";
import { companyScimTokens, eventLog } from "../schema/index.ts";
import { type Ctx, context, daysFrom, employerAdmins, event } from "./employer-demo-context.ts";
import { DEMO_EMPLOYER_EMPLOYEES } from "./employer-demo-data.ts";
import { seedLastMonthsReports, seedPayrollRecipients } from "./employer-demo-payroll.ts";
import { seedPerson } from "./employer-demo-people.ts";

/**
 * The employer portal's demo data (the people and their stories are employer-demo-data.ts):
 * employees with join requests, leases under both tax regimes, orders on their way, absences, ended
 * employments and own payments through payroll; a month of notifications in the employer admins'
 * bells; payroll report recipients; last month's payroll report as it was mailed, so /raportointi
 * shows this month's changes against it; and Demo Oy's SCIM token. Dates are relative to the seeding day.
 */

export async function seedEmployerDemo(db: Db, passwordHash: string, now = new Date()): Promise<void> {
  const c = await context(db, passwordHash, now);
  const adminsByCompany = await employerAdmins(db, c.companyIds);
  for (const [index, person] of DEMO_EMPLOYER_EMPLOYEES.entries()) {
    await seedPerson(c, person, index, adminsByCompany.get(person.company) ?? []);
  }
  await seedPayrollRecipients(c);
  await seedSystemUpdates(c, [...new Set([...adminsByCompany.values()].flat())]);
  await seedScimToken(c);
  // Oldest first, so an equal createdAt never decides the audit view's order.
  c.events.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  if (c.events.length > 0) await db.insert(eventLog).values(c.events);
  await seedLastMonthsReports(c, adminsByCompany);
  await createNotifications(db, c.bells);
}

/**
 * Demo Oy's identity provider token, made by its admin a month ago and used an hour ago, so the
 * settings page's SCIM section shows one in use. Only the hash of a random token is stored: nobody
 * knows the token, so it opens nothing; making a new one on the page replaces it.
 */
async function seedScimToken(c: Ctx) {
  const companyId = c.companyIds.get("demo") as string;
  const createdAt = daysFrom(c.now, -30);
  const [token] = await c.db
    .insert(companyScimTokens)
    .values({
      companyId,
      tokenHash: sha256(`pedaali_scim_${randomToken()}`),
      createdByUserId: c.adminOf.get("demo") ?? null,
      createdAt,
      lastUsedAt: new Date(c.now.getTime() - 3_600_000),
    })
    .returning({ id: companyScimTokens.id });
  event(
    c,
    "SCIM_TOKEN_CREATED",
    createdAt,
    { type: "company", id: companyId },
    {
      actor: c.adminOf.get("demo") ?? null,
      companyId,
      data: { tokenId: token?.id },
    },
  );
}

/** The helpdesk's notices in every employer admin's bell: a new feature a while ago, a maintenance break soon. */
async function seedSystemUpdates(c: Ctx, admins: readonly string[]) {
  const feature = daysFrom(c.now, -21);
  const maintenance = daysFrom(c.now, -2);
  const breakDay = toHelsinkiDateString(daysFrom(c.now, 5)).split("-").reverse().join(".");
  for (const userId of admins) {
    c.bells.push({
      userId,
      type: "SYSTEM_UPDATE",
      title: "Uutta Pedaalissa: palkkaraportti ja poissaolot",
      message:
        "Palkkaraportti näyttää nyt jokaisen kuukauden bruttopalkan vähennykset ja tulorekisterin tulolajit 363, 364 ja 420 sekä muutokset edelliseen kuukauteen. Työntekijän poissaolot voi kirjata työntekijän tietoihin.",
      createdAt: feature,
      readAt: daysFrom(feature, 1),
    });
    c.bells.push({
      userId,
      type: "SYSTEM_UPDATE",
      priority: "HIGH",
      title: `Huoltokatko ${breakDay} klo 22–23`,
      message: `Pedaali on huollon vuoksi poissa käytöstä ${breakDay} klo 22–23. Tallennetut tiedot säilyvät; kirjaudu sen jälkeen uudelleen.`,
      createdAt: maintenance,
      readAt: null,
    });
  }
}
