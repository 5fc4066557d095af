import { and, eq, isNull, sql } from "drizzle-orm";
import type { Language } from "../../../domain/enums.ts";
import { joinConfirmationExpiry } from "../../../domain/join-rules.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  beneficiaryEmployees,
  registrationLinks,
  systemUsers,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { queueReadyAccountInvitation } from "../employees/mails.ts";
import { createNotifications } from "../notifications/create.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";
import { employeeRegistrationNotification } from "../notifications/texts.ts";
import { accountExists, registrationLinkInvalid } from "./errors.ts";
import { isLinkUsable } from "./links.ts";
import { queueJoinConfirmation, queueJoinReceived } from "./mails.ts";

/** Who joins by which link into which company of it. */
export type Join = {
  linkId: string;
  company: { id: string; name: string };
  beneficiaryRoleId: string;
  person: {
    email: string;
    passwordHash: string;
    phoneNumber: string;
    firstName: string;
    lastName: string;
    language: Language;
  };
  /**
   * The address is in the company's domains and the company accepts such joiners: a confirmation link
   * goes to it instead of the "received" thanks, and opening it accepts the joiner (confirm-join.ts).
   */
  confirmByEmail: boolean;
};

/**
 * An employee joins by a registration link (docs/product.md "Screens" /liity/{token}): their account, the
 * BIKE_BENEFICIARY role in the company and a PENDING employment waiting for the employer, with
 * USER_CREATED (no actor: the person has no account yet), the bell of the company's employer admins
 * and the joiner's "received" mail.
 * The link is locked and checked again, so a link revoked or used up meanwhile admits no one; two
 * registrations of the same address at once meet the unique index (409 EMAIL_TAKEN).
 */
export async function joinByLink(ctx: WriteContext, join: Join): Promise<void> {
  try {
    await insertJoiner(ctx, join);
  } catch (error) {
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
}

/**
 * A person at the link whom the link's company has added already (a staff file, or by hand) and who
 * has never set a password nor logged in: their account is ready, so nothing waits for anyone. The typed password is not
 * taken (whoever has the link and the address could type one): the account's own address gets the
 * invitation with its set-password link. Answers whether the person was such a one.
 */
export async function joinListedPerson(
  ctx: WriteContext,
  join: Pick<Join, "company"> & { person: { email: string } },
): Promise<boolean> {
  const { tx } = ctx;
  const [ready] = await tx
    .select({
      userId: users.id,
      email: users.email,
      language: users.language,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .innerJoin(
      beneficiaryEmployees,
      and(
        eq(beneficiaryEmployees.userId, users.id),
        eq(beneficiaryEmployees.companyId, join.company.id),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
      ),
    )
    .where(
      and(
        sql`lower(${users.email}) = ${join.person.email.toLowerCase()}`,
        // Never set up by its person: someone with a password logs in (or resets it) instead.
        isNull(users.passwordHash),
        isNull(users.lastLoginAt),
        eq(users.deactivated, false),
      ),
    );
  if (!ready) return false;
  await queueReadyAccountInvitation(tx, ready, join.company.name);
  return true;
}

async function insertJoiner(ctx: WriteContext, join: Join): Promise<void> {
  const { tx, now } = ctx;
  const { company, person: joiner, beneficiaryRoleId, confirmByEmail } = join;
  const [linkRow] = await lockRows(
    tx,
    "registrationLink",
    tx.select().from(registrationLinks).where(eq(registrationLinks.id, join.linkId)).for("update"),
  );
  if (!linkRow || !isLinkUsable(linkRow)) throw registrationLinkInvalid();

  const [user] = await tx
    .insert(users)
    .values({
      email: joiner.email,
      passwordHash: joiner.passwordHash,
      passwordChangedAt: now,
      phoneNumber: joiner.phoneNumber,
      language: joiner.language,
    })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await tx.insert(systemUsers).values({
    userId,
    firstName: joiner.firstName,
    lastName: joiner.lastName,
    companyId: company.id,
  });
  await tx.insert(userRoles).values({ userId, roleId: beneficiaryRoleId, companyId: company.id });
  const [employee] = await tx
    .insert(beneficiaryEmployees)
    .values({
      userId,
      companyId: company.id,
      status: "PENDING",
      joinConfirmationExpiresAt: confirmByEmail ? joinConfirmationExpiry(now) : null,
    })
    .returning({ id: beneficiaryEmployees.id });
  await tx
    .update(registrationLinks)
    .set({ useCount: sql`${registrationLinks.useCount} + 1` })
    .where(eq(registrationLinks.id, join.linkId));
  await recordEvent(ctx, {
    type: "USER_CREATED",
    entity: { type: "user", id: userId },
    companyId: company.id,
    data: {
      source: "registration-link",
      registrationLinkId: join.linkId,
      beneficiaryEmployeeId: employee?.id,
      ...(confirmByEmail ? { confirmByEmail } : {}),
    },
  });

  // The bell of the company's employer admins (docs/product.md "Roles": the notification bell is theirs).
  const admins = await employerAdminsOf(tx, company.id);
  if (admins.length > 0) {
    const employeeName = `${joiner.firstName} ${joiner.lastName}`;
    await createNotifications(
      tx,
      admins.map((admin) => ({
        userId: admin.userId,
        companyId: company.id,
        type: "EMPLOYEE_REGISTRATION" as const,
        ...employeeRegistrationNotification(admin.language, { employeeName, companyName: company.name }),
        entityType: "beneficiaryEmployee",
        entityId: employee?.id ?? null,
        data: { userId, beneficiaryEmployeeId: employee?.id ?? null },
      })),
    );
  }
  const to = { userId, email: joiner.email, language: joiner.language };
  const thanks = { name: joiner.firstName, companyName: company.name };
  if (confirmByEmail) {
    await queueJoinConfirmation(tx, to, { ...thanks, beneficiaryEmployeeId: employee?.id as string });
  } else {
    await queueJoinReceived(tx, to, thanks);
  }
}
