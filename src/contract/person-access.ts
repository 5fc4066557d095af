import { z } from "zod";
import { PERSON_ACCESS_KINDS } from "../domain/person-access.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/** One read of a person's data by someone else (domain/person-access.ts), as the helpdesk sees it. */
const zPersonAccess = lazy(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(PERSON_ACCESS_KINDS),
    /** Who read: null once their account is gone. */
    viewer: z
      .object({ userId: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() })
      .nullable(),
    /** The employer whose employee was read, for the employer's reads. */
    companyName: z.string().nullable(),
    /** The network the read came from, never the device's address. */
    addressRange: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TPersonAccess = z.infer<typeof zPersonAccess>;

export const zPersonAccessList = lazy(() => z.object({ items: z.array(zPersonAccess) }));
export type TPersonAccessList = z.infer<typeof zPersonAccessList>;

/** How many of the latest reads the helpdesk sees on a person's page. */
export const PERSON_ACCESSES_SHOWN = 100;

export const personAccessApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/system-users/:userId/access-log",
    summary: "Who looked at a person's details, files or export, newest first (the helpdesk's audit)",
    params: z.object({ userId: z.uuid() }),
    response: zPersonAccessList,
    errors: [400, 401, 403, 404],
  }),
}));
