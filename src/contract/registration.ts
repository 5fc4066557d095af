import { z } from "zod";
import { LANGUAGES } from "../domain/enums.ts";
import { MAX_PASSWORD_LENGTH } from "../domain/password-rules.ts";
import {
  INVALID_E_INVOICE_ADDRESS_MESSAGE,
  INVALID_E_INVOICE_OPERATOR_MESSAGE,
  isValidEInvoiceAddress,
  isValidEInvoiceOperator,
} from "../domain/validation/e-invoice.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * Joining by a registration link (/liity/{token}, /{lang}/liity/{token}), the employer's link
 * generation (docs/api-surface.md Registration links) and an employer's own sign-up (/register).
 */

/** POST /api/register-link/company and /group-company: answer `{ token }` (docs/api-surface.md). */
const zCompanyRegisterLinkRequest = lazy(() => z.object({ companyId: z.uuid() }));
const zGroupCompanyRegisterLinkRequest = lazy(() => z.object({ groupCompanyId: z.uuid() }));
/** With the token (docs/api-surface.md), the join address made of it (`${PUBLIC_URL}/liity/{token}`) as text and as a QR code (SVG). */
export const zRegisterLinkResponse = lazy(() =>
  z.object({ token: z.string(), url: z.string(), qrSvg: z.string() }),
);

const zRegisterLinkParams = lazy(() => z.object({ token: z.string().min(20).max(200) }));

/** GET /api/register-link/{token}: what the join page shows; for a group link the companies to pick from. */
export const zRegisterLinkInfo = lazy(() =>
  z.object({
    valid: z.boolean(),
    kind: z.enum(["company", "groupCompany"]).nullable(),
    name: z.string().nullable(),
    companies: z.array(z.object({ id: z.uuid(), name: z.string() })),
  }),
);

/** POST /api/register/employee: the employee's joining request; waits for the employer's acceptance. */
export const zEmployeeRegistrationRequest = lazy(() =>
  z.object({
    token: z.string().min(20).max(200),
    /** Required for a group link: which company of the group the employee works for. */
    companyId: z.uuid().optional(),
    firstName: zSingleLineText({ min: 1, max: 100 }),
    lastName: zSingleLineText({ min: 1, max: 100 }),
    email: zSingleLineText({ min: 3, max: 320 }),
    phoneNumber: zSingleLineText({ min: 1, max: 40 }),
    password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
    language: z.enum(LANGUAGES),
  }),
);
export const zRegistrationDone = lazy(() =>
  z.object({
    message: z.string(),
    /**
     * An employee's join only: true when the employer had added the person already (a staff file, or by
     * hand) and their account waits ready; a set-password link went to the address, nothing waits for
     * the employer. Left out of a company's sign-up.
     */
    alreadyAdded: z.boolean().optional(),
    /**
     * An employee's join only: true when the address is in the company's domains and the company accepts
     * such joiners: the link mailed to it accepts them once opened.
     */
    confirmByEmail: z.boolean().optional(),
  }),
);

/** POST /api/register/company: an employer signs its company up; the helpdesk reviews the application. */
export const zCompanyRegistrationRequest = lazy(() =>
  z.object({
    company: z.object({
      name: zSingleLineText({ min: 2, max: 200 }),
      businessId: zSingleLineText({ min: 9, max: 9 }),
      streetAddress: zSingleLineText({ min: 1, max: 200 }),
      postalCode: z
        .string()
        .trim()
        .regex(/^\d{5}$/, "A Finnish postal code has 5 digits"),
      city: zSingleLineText({ min: 1, max: 100 }),
      employeeCount: z.int().min(1).max(1_000_000).optional(),
      /** Where Pedaali's monthly lease invoice is mailed, when the company takes no e-invoices. */
      billingEmail: zSingleLineText({ max: 320 }).optional(),
      eInvoiceAddress: zSingleLineText({ max: 40 })
        .refine((value) => value === "" || isValidEInvoiceAddress(value), INVALID_E_INVOICE_ADDRESS_MESSAGE)
        .optional(),
      eInvoiceOperator: zSingleLineText({ max: 20 })
        .refine((value) => value === "" || isValidEInvoiceOperator(value), INVALID_E_INVOICE_OPERATOR_MESSAGE)
        .optional(),
    }),
    admin: z.object({
      firstName: zSingleLineText({ min: 1, max: 100 }),
      lastName: zSingleLineText({ min: 1, max: 100 }),
      email: zSingleLineText({ min: 3, max: 320 }),
      phoneNumber: zSingleLineText({ min: 1, max: 40 }),
    }),
    language: z.enum(LANGUAGES),
    /** The applicant accepts the terms and the privacy policy. */
    consent: z.literal(true),
  }),
);

/** The answer of POST /api/register/employee (201). */
export const EMPLOYEE_REGISTRATION_MESSAGE =
  "Registration received. Your employer will accept it before you can order a bike.";
/** The answer of POST /api/register/employee (201) to a person the employer had added already. */
export const ALREADY_ADDED_MESSAGE =
  "Your employer has added you already: we sent a link to your e-mail to set your password and log in.";
/** The answer of POST /api/register/employee (201) to a joiner whose address confirms them. */
export const CONFIRM_JOIN_MESSAGE =
  "Almost there: open the link we sent to your work e-mail, and you join at once.";
/** The answer of POST /api/register/company (201). */
export const COMPANY_REGISTRATION_MESSAGE =
  "Thank you! Customer service will review your company's sign-up and contact you.";

/** The calls of registration links and sign-ups (the last three anonymous, limited per address). */
export const registrationApi = lazy(() => ({
  companyLink: endpoint({
    method: "POST",
    path: "/register-link/company",
    summary: "Make a registration link for one company of the user's scope; answers its token",
    body: zCompanyRegisterLinkRequest,
    response: zRegisterLinkResponse,
    errors: [400, 401, 403, 404],
  }),
  groupCompanyLink: endpoint({
    method: "POST",
    path: "/register-link/group-company",
    summary: "Make a registration link for a whole group (group admins of the group and admins)",
    body: zGroupCompanyRegisterLinkRequest,
    response: zRegisterLinkResponse,
    errors: [400, 401, 403, 404],
  }),
  linkInfo: endpoint({
    method: "GET",
    path: "/register-link/:token",
    summary: "What a registration link lets an employee join (valid false when it does not work)",
    params: zRegisterLinkParams,
    response: zRegisterLinkInfo,
    errors: [400, 429],
  }),
  registerEmployee: endpoint({
    method: "POST",
    path: "/register/employee",
    summary: "An employee joins through a registration link; waits for the employer's acceptance",
    body: zEmployeeRegistrationRequest,
    status: 201,
    response: zRegistrationDone,
    errors: [400, 403, 409, 429],
  }),
  registerCompany: endpoint({
    method: "POST",
    path: "/register/company",
    summary: "An employer signs its company up; the helpdesk reviews the application",
    body: zCompanyRegistrationRequest,
    status: 201,
    response: zRegistrationDone,
    errors: [400, 403, 429],
  }),
}));
