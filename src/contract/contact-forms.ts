import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_TOPICS } from "../domain/contact-forms.ts";
import { LANGUAGES } from "../domain/enums.ts";
import { zMessage, zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";

/**
 * The public contact form of /ota-yhteytta and the helpdesk's Contact Forms tab (docs/data-model.md "Contact
 * form", docs/api-surface.md "Contact forms").
 */

/** POST /api/contact-forms: anonymous; e-mail and phone meet docs/product.md "Field rules" in the service. */
export const zContactFormRequest = lazy(() =>
  z.object({
    name: zSingleLineText({ min: 1, max: 200 }),
    company: zSingleLineText({ max: 200 }).optional(),
    email: zSingleLineText({ min: 3, max: 320 }),
    phoneNumber: zSingleLineText({ max: 40 }).optional(),
    topic: z.enum(CONTACT_TOPICS),
    message: zMultiLineText({ min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX }),
    /** The sender accepts the privacy policy. */
    consent: z.literal(true),
    /** The honeypot: hidden from people, so a filled one means a bot. */
    website: z.string().max(500).optional(),
    language: z.enum(LANGUAGES).optional(),
  }),
);
export type TContactFormRequest = z.infer<typeof zContactFormRequest>;

/** The answer of POST /api/contact-forms (201). */
export const CONTACT_FORM_RECEIVED_MESSAGE = "Thank you! Customer service will get back to you soon.";

export const zContactForm = lazy(() =>
  z.object({
    contactFormDataId: z.uuid(),
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    /** One of CONTACT_TOPICS; older rows may hold another text or none. */
    topic: z.string().nullable(),
    message: z.string(),
    checked: z.boolean(),
    checkedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TContactForm = z.infer<typeof zContactForm>;

const zBooleanQuery = lazy(() => z.enum(["true", "false"]).transform((v) => v === "true"));

/** GET /api/contact-forms: newest first, 20 a page. */
export const zContactFormsQuery = lazy(() =>
  zPageQuery.extend({
    checked: zBooleanQuery.optional(),
    search: zSingleLineText({ max: 200 }).optional(),
  }),
);
export type TContactFormsQuery = z.infer<typeof zContactFormsQuery>;

export const zContactFormsPage = lazy(() => zPage(zContactForm));
export type TContactFormsPage = z.infer<typeof zContactFormsPage>;

const zContactFormParams = lazy(() => z.object({ contactFormDataId: z.uuid() }));
const zContactFormUpdate = lazy(() => z.object({ checked: z.boolean() }));
export type TContactFormUpdate = z.infer<typeof zContactFormUpdate>;

/** GET /api/contact-forms/unchecked-count (docs/api-surface.md: count). */
export const zContactFormsCount = lazy(() => z.object({ count: z.int() }));

export const contactFormsApi = lazy(() => ({
  submit: endpoint({
    method: "POST",
    path: "/contact-forms",
    summary: "Send the public contact form (/ota-yhteytta); the helpdesk reads it in the admin",
    body: zContactFormRequest,
    status: 201,
    response: zMessage,
    errors: [400, 403, 429],
  }),
  list: endpoint({
    method: "GET",
    path: "/contact-forms",
    summary: "Contact form messages, newest first (filters: checked, search)",
    query: zContactFormsQuery,
    response: zContactFormsPage,
    errors: [400, 401, 403, 404],
  }),
  uncheckedCount: endpoint({
    method: "GET",
    path: "/contact-forms/unchecked-count",
    summary: "How many contact form messages nobody has checked yet (the tab's badge)",
    response: zContactFormsCount,
    errors: [400, 401, 403, 404],
  }),
  setChecked: endpoint({
    method: "PUT",
    path: "/contact-forms/update/:contactFormDataId",
    summary: "Mark a contact form message checked or unchecked",
    params: zContactFormParams,
    body: zContactFormUpdate,
    response: zContactForm,
    errors: [400, 401, 403, 404],
  }),
}));
