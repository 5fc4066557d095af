import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { TEventLogEntry, TEventLogQuery } from "../../../contract/admin.ts";
import type { EventEntityType } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import type { AppContext } from "../../context.ts";
import { onHelsinkiDates } from "../../db/helsinki.ts";
import { readPage, totalOf } from "../../db/paging.ts";
import {
  beneficiaryEmployees,
  companies,
  companyApplications,
  eventLog,
  leasingAgreements,
  orders,
  roles,
  systemUsers,
  users,
} from "../../db/schema/index.ts";

/**
 * The audit view of the event log (who changed what, for the helpdesk and the auditor): filtered and paged in SQL, newest first, each row
 * with its actor's name and e-mail, its company's name and what its object is called (`entityLabel`).
 * Every filter has its index (type, company, entity, actor; created_at and id for the unfiltered page).
 */

// The event's object, one left join per known entity type on its primary key (only the page's rows).
const entityUser = alias(users, "entity_user");
const entitySystemUser = alias(systemUsers, "entity_system_user");
const entityCompany = alias(companies, "entity_company");
const entityOrder = alias(orders, "entity_order");
const entityAgreement = alias(leasingAgreements, "entity_agreement");
const agreementOrder = alias(orders, "agreement_order");
const entityRole = alias(roles, "entity_role");
const entityApplication = alias(companyApplications, "entity_application");
const entityEmployee = alias(beneficiaryEmployees, "entity_employee");
const employeeSystemUser = alias(systemUsers, "employee_system_user");

const isEntity = (type: EventEntityType, id: AnyPgColumn) =>
  and(eq(eventLog.entityType, type), eq(id, eventLog.entityId));

/**
 * What the object is called: a user's "First Last" (or e-mail), a company's name, an order's
 * "#number", a lease's agreement number (or its order's number), a role's name, an application's
 * company name, an employee's "First Last"; null for other types and for objects deleted since.
 */
const entityLabel = sql<string | null>`case ${eventLog.entityType}
  when 'user' then coalesce(nullif(trim(concat_ws(' ', ${entitySystemUser.firstName}, ${entitySystemUser.lastName})), ''), ${entityUser.email})
  when 'company' then ${entityCompany.name}
  when 'order' then '#' || ${entityOrder.orderNumber}::text
  when 'leasingAgreement' then coalesce(${entityAgreement.agreementNumber}, '#' || ${agreementOrder.orderNumber}::text)
  when 'role' then ${entityRole.name}
  when 'companyApplication' then ${entityApplication.companyName}
  when 'beneficiaryEmployee' then nullif(trim(concat_ws(' ', ${employeeSystemUser.firstName}, ${employeeSystemUser.lastName})), '')
end`;

function filters(query: TEventLogQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.types && query.types.length > 0) conditions.push(inArray(eventLog.type, query.types));
  if (query.actorUserId) conditions.push(eq(eventLog.actorUserId, query.actorUserId));
  if (query.companyId) conditions.push(eq(eventLog.companyId, query.companyId));
  if (query.entityType) conditions.push(eq(eventLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(eventLog.entityId, query.entityId));
  // Inclusive dates: from its midnight up to (not including) the midnight after `to`.
  conditions.push(...onHelsinkiDates(eventLog.createdAt, query.from, query.to));
  return and(...conditions);
}

export function createEventLogService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async list(query: TEventLogQuery) {
      const where = filters(query);
      const counted = db.select({ n: count() }).from(eventLog).where(where);
      return readPage(query, {
        rows: (page) => {
          // The page's ids first, from the (created_at, id) index alone; the names are joined for its
          // rows only: joined first, page 500 joined the 10,000 rows it skips. The total is its own
          // count beside them: the log has a million rows, and a window's count would read every one
          // that matches to page twenty (decision 012).
          const pageIds = db
            .select({ id: eventLog.id, total: totalOf(counted.getSQL()).as("total") })
            .from(eventLog)
            .where(where)
            .orderBy(desc(eventLog.createdAt), desc(eventLog.id))
            .limit(page.limit)
            .offset(page.offset)
            .as("page_ids");
          return db
            .select({
              total: pageIds.total,
              event: eventLog,
              actorEmail: users.email,
              actorFirstName: systemUsers.firstName,
              actorLastName: systemUsers.lastName,
              companyName: companies.name,
              entityLabel,
            })
            .from(pageIds)
            .innerJoin(eventLog, eq(eventLog.id, pageIds.id))
            .leftJoin(users, eq(users.id, eventLog.actorUserId))
            .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
            .leftJoin(companies, eq(companies.id, eventLog.companyId))
            .leftJoin(entityUser, isEntity("user", entityUser.id))
            .leftJoin(entitySystemUser, eq(entitySystemUser.userId, entityUser.id))
            .leftJoin(entityCompany, isEntity("company", entityCompany.id))
            .leftJoin(entityOrder, isEntity("order", entityOrder.id))
            .leftJoin(entityAgreement, isEntity("leasingAgreement", entityAgreement.id))
            .leftJoin(agreementOrder, eq(agreementOrder.id, entityAgreement.orderId))
            .leftJoin(entityRole, isEntity("role", entityRole.id))
            .leftJoin(entityApplication, isEntity("companyApplication", entityApplication.id))
            .leftJoin(entityEmployee, isEntity("beneficiaryEmployee", entityEmployee.id))
            .leftJoin(employeeSystemUser, eq(employeeSystemUser.userId, entityEmployee.userId))
            .orderBy(desc(eventLog.createdAt), desc(eventLog.id));
        },
        items: (rows) =>
          rows.map(({ event, ...row }): TEventLogEntry => {
            const name = personName(row.actorFirstName, row.actorLastName);
            return {
              id: event.id,
              type: event.type,
              actor:
                event.actorUserId && row.actorEmail
                  ? { userId: event.actorUserId, name: name || row.actorEmail, email: row.actorEmail }
                  : null,
              company:
                event.companyId && row.companyName !== null
                  ? { id: event.companyId, name: row.companyName }
                  : null,
              entityType: event.entityType,
              entityId: event.entityId,
              entityLabel: row.entityLabel ?? null,
              data: event.data ?? {},
              createdAt: event.createdAt.toISOString(),
            };
          }),
        countPastEnd: async () => (await counted)[0]?.n ?? 0,
      });
    },
  };
}
