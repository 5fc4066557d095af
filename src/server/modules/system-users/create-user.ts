import type { TCreateSystemUser } from "../../../contract/system-users.ts";
import { recordEvent } from "../../db/event-log.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { type roles, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { emailTaken } from "./errors.ts";

/**
 * A new user with their first role (USER_CREATED); the caller queues the set-password mail in the same
 * transaction (mails.ts queueSetPasswordMail), whose link is minted when it is sent. The checks come
 * first (the service's); an address a parallel request took meanwhile is 409 EMAIL_TAKEN, as the
 * check answers.
 */
export async function createUser(
  ctx: WriteContext,
  input: TCreateSystemUser,
  fields: { role: typeof roles.$inferSelect; phoneNumber: string | null; companyId: string | null },
): Promise<{ userId: string }> {
  const { tx, actor } = ctx;
  const { role, phoneNumber, companyId } = fields;
  try {
    const [user] = await tx
      .insert(users)
      .values({ email: input.workEmail, phoneNumber, language: input.language ?? "fi" })
      .returning({ id: users.id });
    const userId = user?.id as string;
    await tx.insert(systemUsers).values({
      userId,
      firstName: input.firstName,
      lastName: input.lastName,
      personalEmail: input.personalEmail || null,
      companyId,
    });
    await tx.insert(userRoles).values({ userId, roleId: role.id, companyId, grantedByUserId: actor.userId });
    await recordEvent(ctx, {
      type: "USER_CREATED",
      entity: { type: "user", id: userId },
      companyId,
      data: { role: role.name, source: "system-users" },
    });
    return { userId };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
