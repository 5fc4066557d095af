import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * A person's own copy of what the platform holds about them (GDPR articles 15 and 20), from /kayttaja:
 * GET /api/account/personal-data answers it as one JSON file; `?format=zip` answers a ZIP of the same
 * JSON (`tiedot.json`), a short summary (`yhteenveto.txt`) and their documents (the signed agreement,
 * the handover protocol, the redemption offers, the insurance claims' files). Both are downloads
 * (`content-disposition: attachment`), never cached.
 *
 * Each section is a list of rows as stored, without credentials (hashes, secrets, tokens, keys, the
 * identity code) and without anyone else: where a row names another person, the field is null or, for
 * who did something, their part (SELF, OTHER, SYSTEM). docs/privacy.md says what each section holds.
 */
export const PERSONAL_DATA_SECTIONS = [
  "account",
  "profile",
  "preferences",
  "notificationPreferences",
  "employments",
  "absences",
  "invitations",
  "orders",
  "orderItems",
  "cancellations",
  "leasingAgreements",
  "signedDocuments",
  "handovers",
  "invoices",
  "userPayments",
  "redemptions",
  "redemptionOffers",
  "redemptionPayments",
  "insuranceClaims",
  "insuranceClaimFiles",
  "brokerageListings",
  "brokerageInquiries",
  "notifications",
  "messages",
  "contactForms",
  "sessions",
  "secondFactors",
  "externalIdentities",
  "strongIdentifications",
  "files",
  "events",
  "accessLog",
] as const;
export type PersonalDataSection = (typeof PERSONAL_DATA_SECTIONS)[number];

const PERSONAL_DATA_FORMATS = ["json", "zip"] as const;

const zPersonalDataQuery = lazy(() =>
  z.strictObject({
    format: z.enum(PERSONAL_DATA_FORMATS).default("json"),
  }),
);

/** One stored row as plain JSON: dates as ISO strings, the columns' own names. */
const zRow = lazy(() => z.record(z.string(), z.unknown()));

export const zPersonalDataExport = lazy(() =>
  z.object({
    exportedAt: z.iso.datetime(),
    person: z.object({ id: z.uuid(), email: z.string() }),
    ...(Object.fromEntries(PERSONAL_DATA_SECTIONS.map((name) => [name, z.array(zRow)])) as Record<
      PersonalDataSection,
      z.ZodArray<typeof zRow>
    >),
  }),
);
export type TPersonalDataExport = z.infer<typeof zPersonalDataExport>;

export const personalDataApi = lazy(() => ({
  ownData: endpoint({
    method: "GET",
    path: "/account/personal-data",
    summary:
      "Everything the platform holds about the signed-in person, as a JSON file or (format=zip) a ZIP with their documents",
    query: zPersonalDataQuery,
    answer: "file",
    response: zPersonalDataExport,
    errors: [400, 401, 403, 429],
  }),
}));
