import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { TErasureRequest, TErasureResult, TLegalHold, TLegalHolds } from "../../../contract/erasure.ts";
import type { HeldEntityType } from "../../../domain/enums.ts";
import { ERASED_FIRST_NAME, ERASED_LAST_NAME, erasedEmail, erasureRefusal } from "../../../domain/erasure.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { orders, systemUsers, users } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureActive, ensureAnotherActiveSuperAdmin, heldRoleNamesOf } from "./access.ts";
import { employmentIdsOf, erasureBlockers } from "./erasure-blockers.ts";
import { legalHoldsOf, recordLegalHolds } from "./erasure-holds.ts";
import {
  addressPattern,
  deleteOwnRows,
  eraseEmployments,
  eraseMessages,
  type FormerIdentity,
  identityPattern,
} from "./erasure-scrub.ts";
import { eraseCases, eraseContacts, eraseDeliveryAddresses, eraseHistory } from "./erasure-traces.ts";
import { alreadyErased, erasureBlocked } from "./errors.ts";
import { heldRolesOf, isUserInScope } from "./queries.ts";

/**
 * A person's erasure at their request (GDPR art. 17, docs/privacy.md "Erasure"), by the helpdesk: refused
 * while a lease runs, an order or a case is open or money is owed; otherwise, in one transaction, the
 * records a law keeps are put under holds, everything else of the person is erased or replaced, the
 * account can no longer log in, and the event log records that an erasure happened, by whom and why —
 * never whose.
 */

function holdItem(row: {
  id: string;
  entityType: HeldEntityType;
  entityId: string;
  legalBasis: string;
  endsOn: string;
  createdAt: Date;
}): TLegalHold {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    legalBasis: row.legalBasis,
    endsOn: row.endsOn,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createErasureService(ctx: AppContext) {
  const { db } = ctx.database;

  /** 404 outside the caller's reach; 403 for one's own data, a staff member's or a higher tier's. */
  async function ensureMayErase(actor: CurrentUser, userId: string): Promise<void> {
    ensureActive(actor);
    if (!(await isUserInScope(db, actor, userId))) throw notFound("User");
    const refusal = erasureRefusal(
      { userId: actor.id, roles: heldRoleNamesOf(actor) },
      { userId, roles: await heldRolesOf(db, userId) },
    );
    if (refusal === "SELF") throw forbidden("You cannot erase your own data");
    if (refusal === "STAFF") throw forbidden("Only a super admin may erase a staff member's data");
    if (refusal) throw forbidden("You may not erase the data of a user above your own roles");
  }

  return {
    async erase(actor: CurrentUser, userId: string, input: TErasureRequest): Promise<TErasureResult> {
      await ensureMayErase(actor, userId);
      return write(db, { actor: { userId: actor.id } }, async (w) => {
        const { tx, now } = w;
        // The row lock makes a second erasure of the same person wait, then find it done.
        const [account] = await lockRows(
          tx,
          "user",
          tx
            .select({ email: users.email, phoneNumber: users.phoneNumber, erasedAt: users.erasedAt })
            .from(users)
            .where(eq(users.id, userId))
            .for("update"),
        );
        if (!account) throw notFound("User");
        if (account.erasedAt) throw alreadyErased();
        const employmentIds = await employmentIdsOf(tx, userId);
        const blockers = await erasureBlockers(tx, employmentIds, now);
        if (blockers.length > 0) throw erasureBlocked(blockers);
        if ((await heldRolesOf(tx, userId)).some((role) => role.name === "SUPER_ADMIN"))
          await ensureAnotherActiveSuperAdmin(tx, userId);

        const [profile] = await tx
          .select({
            firstName: systemUsers.firstName,
            lastName: systemUsers.lastName,
            personalEmail: systemUsers.personalEmail,
          })
          .from(systemUsers)
          .where(eq(systemUsers.userId, userId));
        const former: FormerIdentity = {
          email: account.email,
          phoneNumber: account.phoneNumber,
          personalEmail: profile?.personalEmail ?? null,
          firstName: profile?.firstName ?? "",
          lastName: profile?.lastName ?? "",
        };
        const erasureId = randomUUID();
        const erasedAddress = erasedEmail(erasureId);
        const broad = identityPattern(former, { withLastName: true });
        const strict = identityPattern(former);
        const orderIds =
          employmentIds.length > 0
            ? (
                await tx
                  .select({ id: orders.id })
                  .from(orders)
                  .where(inArray(orders.beneficiaryEmployeeId, employmentIds))
              ).map((o) => o.id)
            : [];

        const holds = await recordLegalHolds(tx, { userId, employmentIds, erasureId, now });
        await deleteOwnRows(tx, userId);
        await eraseEmployments(tx, userId, employmentIds, erasedAddress);
        await eraseMessages(tx, userId, former, erasedAddress, strict);
        await eraseCases(tx, { userId, employmentIds, orderIds });
        await eraseContacts(tx, userId, former, erasedAddress);
        await eraseHistory(tx, { userId, employmentIds, orderIds }, { broad, strict });
        await eraseDeliveryAddresses(tx, addressPattern(former));
        await tx
          .update(systemUsers)
          .set({
            firstName: ERASED_FIRST_NAME,
            lastName: ERASED_LAST_NAME,
            personalEmail: null,
            municipalityCode: null,
            church: null,
          })
          .where(eq(systemUsers.userId, userId));
        // No password, no phone for a code, deactivated and under an address nobody receives: the
        // account cannot be logged in to, asked a new password for, or reached.
        await tx
          .update(users)
          .set({
            email: erasedAddress,
            passwordHash: null,
            passwordChangedAt: null,
            phoneNumber: null,
            phoneVerifiedAt: null,
            identityCodeHash: null,
            lastLoginAt: null,
            deactivated: true,
            deactivatedAt: now,
            erasedAt: now,
          })
          .where(eq(users.id, userId));
        await recordEvent(w, {
          type: "PERSON_ERASED",
          entity: { type: "erasure", id: erasureId },
          companyId: null,
          data: { reason: input.reason, holds: holds.length },
        });
        return { erasureId, holds: holds.map(holdItem) };
      });
    },

    async holds(actor: CurrentUser, userId: string): Promise<TLegalHolds> {
      if (!(await isUserInScope(db, actor, userId))) throw notFound("User");
      return { items: (await legalHoldsOf(db, userId)).map(holdItem) };
    },
  };
}
