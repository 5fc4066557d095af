import { z } from "zod";
import {
  AMOUNT_KINDS,
  MAX_CUTOFF_DAY,
  misplacedField,
  type PayrollTemplate,
  TEMPLATE_DATE_FORMATS,
  TEMPLATE_DECIMAL_SEPARATORS,
  TEMPLATE_ENCODINGS,
  TEMPLATE_FIELD_SEPARATORS,
  TEMPLATE_FIELDS,
  TEMPLATE_LAYOUTS,
  TEMPLATE_PRESETS,
} from "../domain/payroll/export-template.ts";
import { zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";

/**
 * How a company's payroll report reaches payroll (its settings page, company-settings.manage): the
 * export template, the cut-off day, change-only reports, e-mail or SFTP, the month's report delivered
 * now (not waiting for the next morning's job), and the log of deliveries with a re-send. The SFTP password or key is write-only: the answer says only whether one is stored.
 */

const DELIVERY_CHANNELS = ["EMAIL", "SFTP"] as const;
const SFTP_AUTH_KINDS = ["PASSWORD", "PRIVATE_KEY"] as const;
const DELIVERY_KINDS = ["FULL", "DELTA"] as const;
const DELIVERY_STATUSES = ["SENDING", "DELIVERED", "FAILED"] as const;

/** The template as stored (jsonb) and as the editor sends it. */
export const zPayrollTemplate = lazy(
  () =>
    z
      .object({
        preset: z.enum(TEMPLATE_PRESETS).nullable(),
        layout: z.enum(TEMPLATE_LAYOUTS),
        columns: z
          .array(z.object({ field: z.enum(TEMPLATE_FIELDS), header: zSingleLineText({ max: 60 }) }))
          .min(1)
          .max(TEMPLATE_FIELDS.length),
        includeHeader: z.boolean(),
        fieldSeparator: z.enum(TEMPLATE_FIELD_SEPARATORS),
        decimalSeparator: z.enum(TEMPLATE_DECIMAL_SEPARATORS),
        dateFormat: z.enum(TEMPLATE_DATE_FORMATS),
        encoding: z.enum(TEMPLATE_ENCODINGS),
        kinds: z
          .array(z.object({ kind: z.enum(AMOUNT_KINDS), wageCode: zSingleLineText({ max: 20 }) }))
          .max(AMOUNT_KINDS.length),
      })
      .superRefine((template, issue) => {
        const fields = template.columns.map((c) => c.field);
        if (new Set(fields).size !== fields.length) {
          issue.addIssue({ code: "custom", path: ["columns"], message: "A column appears twice" });
        }
        const kinds = template.kinds.map((k) => k.kind);
        if (new Set(kinds).size !== kinds.length) {
          issue.addIssue({ code: "custom", path: ["kinds"], message: "A kind appears twice" });
        }
        const misplaced = misplacedField(template);
        if (misplaced) {
          issue.addIssue({
            code: "custom",
            path: ["columns"],
            message: `The layout has no column ${misplaced}`,
          });
        }
        if (template.fieldSeparator === template.decimalSeparator) {
          issue.addIssue({
            code: "custom",
            path: ["decimalSeparator"],
            message: "The decimal separator cannot be the field separator",
          });
        }
      }) satisfies z.ZodType<PayrollTemplate>,
);
export type TPayrollTemplate = z.infer<typeof zPayrollTemplate>;

/** "SHA256:" and the unpadded base64 of the key's SHA-256, as `ssh-keygen -l` and OpenSSH print it. */
const zHostKeyFingerprint = lazy(() =>
  z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}=?$/, "A SHA-256 fingerprint as OpenSSH prints it (SHA256:…)"),
);

const zSftpFields = lazy(() => ({
  host: zSingleLineText({ min: 1, max: 253 }).regex(/^[A-Za-z0-9.-]+$/, "A host name or an IPv4 address"),
  port: z.int().min(1).max(65_535),
  username: zSingleLineText({ min: 1, max: 100 }),
  auth: z.enum(SFTP_AUTH_KINDS),
  directory: zSingleLineText({ min: 1, max: 300 }),
  fileNamePattern: zSingleLineText({ min: 1, max: 100 }).regex(
    /^[A-Za-z0-9._{}-]+$/,
    "Letters, digits, . _ - and {yyyy} {mm} {kind}",
  ),
  hostKeySha256: zHostKeyFingerprint,
}));

const zSftpSettings = lazy(() => z.object({ ...zSftpFields, secretStored: z.boolean() }));
const zSftpSettingsInput = lazy(() =>
  z.object({
    ...zSftpFields,
    /** The password or the private key (OpenSSH PEM); left out, the stored one stays. */
    secret: zMultiLineText({ min: 1, max: 10_000 }).optional(),
  }),
);

export const zPayrollDeliverySettings = lazy(() =>
  z.object({
    template: zPayrollTemplate,
    cutoffDay: z.int().min(1).max(MAX_CUTOFF_DAY),
    deltaOnly: z.boolean(),
    channel: z.enum(DELIVERY_CHANNELS),
    sftp: zSftpSettings.nullable(),
    /** False until the company saves its own: the answer is then the defaults. */
    saved: z.boolean(),
  }),
);
export type TPayrollDeliverySettings = z.infer<typeof zPayrollDeliverySettings>;

export const zUpdatePayrollDeliverySettings = lazy(() =>
  z.object({
    template: zPayrollTemplate,
    cutoffDay: z.int().min(1).max(MAX_CUTOFF_DAY),
    deltaOnly: z.boolean(),
    channel: z.enum(DELIVERY_CHANNELS),
    sftp: zSftpSettingsInput.nullable(),
  }),
);
export type TUpdatePayrollDeliverySettings = z.infer<typeof zUpdatePayrollDeliverySettings>;

const zPayrollPreviewRequest = lazy(() => z.object({ template: zPayrollTemplate, deltaOnly: z.boolean() }));
export const zPayrollPreview = lazy(() =>
  z.object({
    period: z.string(),
    /** The first lines as payroll's import reads them, header first when the template has one. */
    lines: z.array(z.array(z.string())),
    /** Lines of the whole file (the header too). */
    lineCount: z.int(),
  }),
);
export type TPayrollPreview = z.infer<typeof zPayrollPreview>;

const zConnectionTest = lazy(() =>
  z.object({
    ok: z.boolean(),
    /** What failed, without any secret: "host key mismatch", "authentication failed"… */
    error: z.string().nullable(),
  }),
);
export type TConnectionTest = z.infer<typeof zConnectionTest>;

const zPayrollDelivery = lazy(() =>
  z.object({
    id: z.uuid(),
    period: z.string(),
    kind: z.enum(DELIVERY_KINDS),
    channel: z.enum(DELIVERY_CHANNELS),
    target: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    error: z.string().nullable(),
    fileName: z.string(),
    fileSha256: z.string(),
    rowCount: z.int(),
    attempts: z.int(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export type TPayrollDelivery = z.infer<typeof zPayrollDelivery>;
export const zPayrollDeliveries = lazy(() => z.object({ items: z.array(zPayrollDelivery) }));
const zDeliveryParams = lazy(() => z.object({ id: z.uuid(), deliveryId: z.uuid() }));

export const payrollDeliveryApi = lazy(() => ({
  settings: endpoint({
    method: "GET",
    path: "/companies/:id/payroll-delivery",
    summary:
      "How the company's payroll report is delivered: template, cut-off day, channel (never the secret)",
    params: zIdParams,
    response: zPayrollDeliverySettings,
    errors: [400, 401, 403, 404],
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/companies/:id/payroll-delivery",
    summary: "Set how the company's payroll report is delivered",
    params: zIdParams,
    body: zUpdatePayrollDeliverySettings,
    response: zPayrollDeliverySettings,
    errors: [400, 401, 403, 404],
  }),
  preview: endpoint({
    method: "POST",
    path: "/companies/:id/payroll-delivery/preview",
    summary: "The first lines of this month's payroll file as a template writes them",
    params: zIdParams,
    body: zPayrollPreviewRequest,
    response: zPayrollPreview,
    errors: [400, 401, 403, 404],
  }),
  testConnection: endpoint({
    method: "POST",
    path: "/companies/:id/payroll-delivery/test-connection",
    summary: "Log in to the company's SFTP server with the stored settings and check its directory",
    params: zIdParams,
    response: zConnectionTest,
    errors: [400, 401, 403, 404, 409],
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/companies/:id/payroll-deliveries",
    summary: "The company's latest payroll report deliveries, newest first",
    params: zIdParams,
    response: zPayrollDeliveries,
    errors: [400, 401, 403, 404],
  }),
  deliverNow: endpoint({
    method: "POST",
    path: "/companies/:id/payroll-deliveries",
    summary:
      "Deliver this month's payroll report now through the company's channel, from its cut-off day and once a month",
    params: zIdParams,
    status: 201,
    response: zPayrollDelivery,
    errors: [400, 401, 403, 404, 409],
  }),
  resend: endpoint({
    method: "POST",
    path: "/companies/:id/payroll-deliveries/:deliveryId/resend",
    summary: "Send a delivered file again, the same bytes, through the company's channel now",
    params: zDeliveryParams,
    response: zPayrollDelivery,
    errors: [400, 401, 403, 404, 409],
  }),
}));
