import type { FastifyRequest } from "fastify";
import { maskIpAddress } from "../../../domain/devices.ts";
import type { PersonAccessKind } from "../../../domain/person-access.ts";
import type { Db } from "../../db/client.ts";
import { personAccessLog } from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";

export type PersonAccess = {
  kind: PersonAccessKind;
  /** Whose data was read; omitted for a list of people. */
  subjectUserId?: string | null;
  /** The company whose employee was read, for the employer's reads. */
  companyId?: string | null;
  /** For a list: how many people it showed. */
  shownCount?: number;
};

/**
 * Records that `viewer` read a person's data (domain/person-access.ts). A person reading their own data
 * is not recorded: the log answers who else looked. Called after the read succeeded, so a refused or
 * failed read leaves no row.
 */
export async function recordPersonAccess(
  db: Db,
  viewer: Pick<CurrentUser, "id">,
  request: Pick<FastifyRequest, "ip">,
  access: PersonAccess,
): Promise<void> {
  if (access.subjectUserId === viewer.id) return;
  await db.insert(personAccessLog).values({
    viewerUserId: viewer.id,
    subjectUserId: access.subjectUserId ?? null,
    companyId: access.companyId ?? null,
    kind: access.kind,
    shownCount: access.shownCount ?? null,
    addressRange: maskIpAddress(request.ip),
  });
}
