import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type TCompanyDetails,
  type TCreateCompany,
  zCreateCompany,
  zUpdateCompany,
} from "../../../../contract/companies.ts";
import type { PaymentMode } from "../../../../domain/enums.ts";
import { type BusinessIdProblem, businessIdProblem } from "../../../../domain/validation/business-id.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { createReader, type Reader } from "../tax-tables/form-validation.ts";
import { centsToText, percentToText } from "../tax-tables/number-text.ts";

/**
 * A company's fields (docs/data-model.md "Company"), for Lisää yritys and for editing a company; the applications
 * screen can take `CompanyFields` and `useCompanyFormState` to show the same fields. The fields hold
 * text; on submit they are read (euros and percents as the admin types them) into the contract's body,
 * which the contract's own schema checks before it is sent, so the form and the API agree.
 */

type GroupMode = "none" | "existing" | "new";

export type CompanyFormValues = {
  name: string;
  businessId: string;
  groupMode: GroupMode;
  groupCompanyId: string;
  newGroupCompanyName: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  billingEmail: string;
  eInvoiceAddress: string;
  eInvoiceOperator: string;
  contactName: string;
  contactEmail: string;
  contactPhoneNumber: string;
  maxPrice: string;
  paymentMode: PaymentMode;
  leasingCompanyId: string;
  billingTableId: string;
  vatPercent: string;
  previousProvider: string;
  unitNames: { key: string; name: string }[];
  withAdmin: boolean;
  admin: { firstName: string; lastName: string; email: string; phoneNumber: string };
};

export const BUSINESS_ID_SHAPE = /^\d{7}-\d$/;

function initialValues(company: TCompanyDetails | null, lang: "fi" | "en" | "sv"): CompanyFormValues {
  return {
    name: company?.name ?? "",
    businessId: company?.businessId ?? "",
    groupMode: company?.groupCompanyId ? "existing" : "none",
    groupCompanyId: company?.groupCompanyId ?? "",
    newGroupCompanyName: "",
    streetAddress: company?.streetAddress ?? "",
    postalCode: company?.postalCode ?? "",
    city: company?.city ?? "",
    billingEmail: company?.billingEmail ?? "",
    eInvoiceAddress: company?.eInvoiceAddress ?? "",
    eInvoiceOperator: company?.eInvoiceOperator ?? "",
    contactName: company?.contactName ?? "",
    contactEmail: company?.contactEmail ?? "",
    contactPhoneNumber: company?.contactPhoneNumber ?? "",
    maxPrice: company?.maxPrice == null ? "" : centsToText(Math.round(company.maxPrice * 100), lang),
    paymentMode: company?.paymentMode ?? "PAYROLL",
    leasingCompanyId: company?.leasingCompanyId ?? "",
    billingTableId: company?.billingTableId ?? "",
    vatPercent: percentToText(company?.vatPercent, lang),
    previousProvider: company?.previousProvider ?? "",
    unitNames: [],
    withAdmin: false,
    admin: { firstName: "", lastName: "", email: "", phoneNumber: "" },
  };
}

const orNull = (text: string) => text.trim() || null;

/** The request body of the values (create: with units and the first admin). */
export function companyBody(values: CompanyFormValues, read: Reader, create: boolean): TCreateCompany {
  const maxPriceCents = read.euros("maxPrice", values.maxPrice, false);
  const body: TCreateCompany = {
    name: read.text("name", values.name, true),
    businessId: values.businessId.trim(),
    vatPercent: read.percent("vatPercent", values.vatPercent, false),
    maxPrice: maxPriceCents == null ? null : maxPriceCents / 100,
    paymentMode: values.paymentMode,
    leasingCompanyId: values.leasingCompanyId || null,
    billingTableId: values.billingTableId || null,
    streetAddress: orNull(values.streetAddress),
    postalCode: orNull(values.postalCode),
    city: orNull(values.city),
    billingEmail: orNull(values.billingEmail),
    eInvoiceAddress: orNull(values.eInvoiceAddress),
    eInvoiceOperator: orNull(values.eInvoiceOperator),
    contactName: orNull(values.contactName),
    contactEmail: orNull(values.contactEmail),
    contactPhoneNumber: orNull(values.contactPhoneNumber),
    previousProvider: (values.previousProvider || null) as TCreateCompany["previousProvider"],
  };
  if (values.groupMode === "existing") {
    body.groupCompanyId = read.text("groupCompanyId", values.groupCompanyId, true) || null;
  } else if (values.groupMode === "new") {
    body.newGroupCompanyName = read.text("newGroupCompanyName", values.newGroupCompanyName, true);
  } else {
    body.groupCompanyId = null;
  }
  if (create) {
    const units = values.unitNames.map((u) => u.name.trim()).filter(Boolean);
    if (units.length > 0) body.unitNames = units;
    if (values.withAdmin) {
      body.admin = {
        firstName: read.text("admin.firstName", values.admin.firstName, true),
        lastName: read.text("admin.lastName", values.admin.lastName, true),
        email: read.text("admin.email", values.admin.email, true),
        phoneNumber: orNull(values.admin.phoneNumber),
      };
    }
  }
  return body;
}

/** What is wrong with a business ID in the admin's words: its form (a missing hyphen) or its check digit. */
function businessIdProblemText(problem: BusinessIdProblem | null, t: TFunction): string | null {
  if (problem === "FORMAT") return t("adminCompanies.form.businessIdFormat");
  return problem === "CHECK_DIGIT" ? t("adminCompanies.form.businessIdInvalid") : null;
}

/** The business ID's own text: required, then its form, then the check digit, checked as it is typed. */
export function businessIdError(value: string, t: TFunction): string | null {
  const trimmed = value.trim();
  if (!trimmed) return t("forms.required");
  return businessIdProblemText(businessIdProblem(trimmed), t);
}

/** The contract's complaints at the form's own fields, worded for the admin. */
function companyIssueText(issue: z.core.$ZodIssue, t: TFunction): string | undefined {
  const field = issue.path.map(String).join(".");
  if (field === "businessId") {
    // The contract names the cause (src/contract/companies.ts zBusinessId); anything else is its form.
    const rule = issue.code === "custom" ? issue.params?.rule : undefined;
    return businessIdProblemText(rule === "CHECK_DIGIT" ? "CHECK_DIGIT" : "FORMAT", t) ?? undefined;
  }
  if (field === "postalCode") return t("adminCompanies.form.postalCodeInvalid");
  if (field === "eInvoiceAddress" && issue.code === "custom")
    return t("adminCompanies.form.eInvoiceAddressInvalid");
  if (field === "eInvoiceOperator" && issue.code === "custom")
    return t("adminCompanies.form.eInvoiceOperatorInvalid");
  if (field === "billingEmail" || field === "contactEmail" || field === "admin.email")
    return t("forms.emailInvalid");
  if ((field === "name" || field === "newGroupCompanyName") && issue.code === "too_small")
    return t("adminCompanies.form.nameTooShort");
  if (field === "maxPrice") return t("adminTaxTables.form.amountInvalid");
  if ((field === "contactPhoneNumber" || field === "admin.phoneNumber") && issue.code === "custom")
    return t("errors.UNSUPPORTED_PHONE_NUMBER");
  return undefined;
}

/** Form paths of the body's paths: a unit's name is `unitNames.<i>.name` in the form. */
const unitNamePath = (path: string) => (/^unitNames\.\d+$/.test(path) ? `${path}.name` : undefined);

/** The 409 codes of a save and the field each belongs to. */
export const CONFLICT_FIELDS = {
  GROUP_COMPANY_EXISTS_ERROR: "newGroupCompanyName",
  BUSINESS_ID_TAKEN: "businessId",
  EMAIL_TAKEN: "admin.email",
} as const;

/**
 * The form state of a company's fields: the texts are read first (euros and percents as typed, the
 * business ID's check digit), then the body they make goes through the contract's schema.
 */
export function useCompanyFormState(company: TCompanyDetails | null, create: boolean) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  return useContractForm<CompanyFormValues>({
    initialValues: initialValues(company, lang),
    schema: create ? zCreateCompany : zUpdateCompany,
    toBody: (values) => companyBody(values, createReader(t), create),
    fieldOf: unitNamePath,
    texts: (issue) => companyIssueText(issue, t),
    rules: (values) => {
      const read = createReader(t);
      companyBody(values, read, create);
      const idError = businessIdError(values.businessId, t);
      return idError ? { ...read.errors, businessId: idError } : read.errors;
    },
    serverText: t("adminTaxTables.form.serverRejected"),
  });
}

export type CompanyForm = ReturnType<typeof useCompanyFormState>;
