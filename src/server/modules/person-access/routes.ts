import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { personAccessApi as api, PERSON_ACCESSES_SHOWN } from "../../../contract/person-access.ts";
import type { AppContext } from "../../context.ts";
import { companies, personAccessLog, systemUsers, users } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";

/**
 * The helpdesk's list of who looked at one person's data (audit.read, the admin tier): the person's
 * page shows it, and a person's request for it is answered from it.
 */
export const personAccessRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const db = ctx.database.db;

  app.route({
    ...endpointRoute(api.list, ["system-users"]),
    preValidation: guards.permission("audit.read"),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { userId } = request.params;
      const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!person) throw notFound("User");
      const rows = await db
        .select({
          id: personAccessLog.id,
          kind: personAccessLog.kind,
          viewerUserId: personAccessLog.viewerUserId,
          firstName: systemUsers.firstName,
          lastName: systemUsers.lastName,
          email: users.email,
          companyName: companies.name,
          addressRange: personAccessLog.addressRange,
          createdAt: personAccessLog.createdAt,
        })
        .from(personAccessLog)
        .leftJoin(users, eq(users.id, personAccessLog.viewerUserId))
        .leftJoin(systemUsers, eq(systemUsers.userId, personAccessLog.viewerUserId))
        .leftJoin(companies, eq(companies.id, personAccessLog.companyId))
        .where(eq(personAccessLog.subjectUserId, userId))
        .orderBy(desc(personAccessLog.createdAt), desc(personAccessLog.id))
        .limit(PERSON_ACCESSES_SHOWN);
      return {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          viewer:
            row.viewerUserId && row.email
              ? {
                  userId: row.viewerUserId,
                  firstName: row.firstName ?? "",
                  lastName: row.lastName ?? "",
                  email: row.email,
                }
              : null,
          companyName: row.companyName,
          addressRange: row.addressRange,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  });
};
