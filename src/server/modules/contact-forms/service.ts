import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import {
  CONTACT_FORM_RECEIVED_MESSAGE,
  type TContactForm,
  type TContactFormRequest,
  type TContactFormsPage,
  type TContactFormsQuery,
} from "../../../contract/contact-forms.ts";
import type { AppContext } from "../../context.ts";
import { countOver, likeContains, readPage } from "../../db/paging.ts";
import { contactForms } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { validEmail, validPhoneNumber } from "../registration/field-rules.ts";

/** Where the stored rows came from (contact_forms.source). */
const SOURCE = "ota-yhteytta";

type Row = typeof contactForms.$inferSelect;

function toContactForm(row: Row): TContactForm {
  return {
    contactFormDataId: row.id,
    name: row.name,
    company: row.companyName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    topic: row.subject,
    message: row.message,
    checked: row.checked,
    checkedAt: row.checkedAt ? row.checkedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The public contact form and the helpdesk's list of it (docs/data-model.md, docs/api-surface.md "Contact forms"). Contact forms
 * belong to the operator, not to a tenant: only the admin tier (contact-forms.manage) reads them.
 */
export function createContactFormsService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    /** Stores a message; a filled honeypot answers the same and stores nothing. */
    async submit(body: TContactFormRequest): Promise<{ message: string; stored: boolean }> {
      const email = validEmail(body.email, "body.email");
      const phone = body.phoneNumber?.trim();
      const phoneNumber = phone ? validPhoneNumber(phone, "body.phoneNumber") : null;
      if (body.website?.trim()) return { message: CONTACT_FORM_RECEIVED_MESSAGE, stored: false };
      await db.insert(contactForms).values({
        name: body.name,
        email,
        phoneNumber,
        companyName: body.company?.trim() || null,
        subject: body.topic,
        message: body.message,
        source: SOURCE,
        language: body.language ?? "fi",
      });
      return { message: CONTACT_FORM_RECEIVED_MESSAGE, stored: true };
    },

    async list(query: TContactFormsQuery): Promise<TContactFormsPage> {
      const conditions: (SQL | undefined)[] = [];
      if (query.checked !== undefined) conditions.push(eq(contactForms.checked, query.checked));
      if (query.search) {
        const pattern = likeContains(query.search);
        conditions.push(
          or(
            ilike(contactForms.name, pattern),
            ilike(contactForms.email, pattern),
            ilike(contactForms.companyName, pattern),
            ilike(contactForms.message, pattern),
          ),
        );
      }
      const where = and(...conditions);
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ form: contactForms, total: countOver() })
            .from(contactForms)
            .where(where)
            .orderBy(desc(contactForms.createdAt), desc(contactForms.id))
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map((row) => toContactForm(row.form)),
        countPastEnd: async () =>
          (await db.select({ n: count() }).from(contactForms).where(where))[0]?.n ?? 0,
      });
    },

    async setChecked(viewer: CurrentUser, id: string, checked: boolean): Promise<TContactForm> {
      const [row] = await db
        .update(contactForms)
        .set(
          checked
            ? { checked: true, checkedAt: new Date(), checkedByUserId: viewer.id }
            : { checked: false, checkedAt: null, checkedByUserId: null },
        )
        .where(eq(contactForms.id, id))
        .returning();
      if (!row) throw notFound("Contact form");
      return toContactForm(row);
    },

    async uncheckedCount(): Promise<{ count: number }> {
      const [row] = await db.select({ n: count() }).from(contactForms).where(eq(contactForms.checked, false));
      return { count: row?.n ?? 0 };
    },
  };
}
