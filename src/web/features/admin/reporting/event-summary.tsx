import { Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TEventLogEntry } from "../../../../contract/admin.ts";
import type { EventEntityType } from "../../../../domain/enums.ts";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { roleLabel } from "../users/badges.tsx";

/**
 * An event in words (the audit view, a company's and a user's events): what its object is ("Käyttäjä:
 * Laura Nieminen", "Tilaus: #10042") and a short summary of the data keys people care about (role,
 * permission, changed fields, company, new status). Internal keys (source, ids, counts) are left out.
 */
export type SummarisedEvent = Pick<TEventLogEntry, "entityLabel" | "data"> & { entityType: string };

/**
 * Each entity type's name, spelled out so the catalogue check sees each key; the record's type asks for
 * every type the server writes (domain/enums.ts EVENT_ENTITY_TYPES).
 */
const ENTITY_TYPE_LABELS: Record<EventEntityType, string> = {
  beneficiaryEmployee: "adminAudit.entities.beneficiaryEmployee",
  bikeBrokerage: "adminAudit.entities.bikeBrokerage",
  bikeRedemption: "adminAudit.entities.bikeRedemption",
  bikeStore: "adminAudit.entities.bikeStore",
  company: "adminAudit.entities.company",
  companyApplication: "adminAudit.entities.companyApplication",
  employmentInvitation: "adminAudit.entities.employmentInvitation",
  erasure: "adminAudit.entities.erasure",
  insuranceClaim: "adminAudit.entities.insuranceClaim",
  invoice: "adminAudit.entities.invoice",
  leasingAgreement: "adminAudit.entities.leasingAgreement",
  leasingCompany: "adminAudit.entities.leasingCompany",
  municipalTaxRates: "adminAudit.entities.municipalTaxRates",
  order: "adminAudit.entities.order",
  orderCancellation: "adminAudit.entities.orderCancellation",
  payoutBatch: "adminAudit.entities.payoutBatch",
  role: "adminAudit.entities.role",
  storePayable: "adminAudit.entities.storePayable",
  systemUpdate: "adminAudit.entities.systemUpdate",
  user: "adminAudit.entities.user",
  userPayment: "adminAudit.entities.userPayment",
};

/** A company's fields as its form calls them (COMPANY_UPDATED lists the changed ones). */
const COMPANY_FIELD_LABELS = new Map<string, string>([
  ["name", "adminCompanies.form.name"],
  ["businessId", "adminCompanies.form.businessId"],
  ["groupCompanyId", "adminCompanies.form.group"],
  ["vatPercent", "adminCompanies.form.vatPercent"],
  ["maxPrice", "adminCompanies.form.maxPrice"],
  ["paymentMode", "adminCompanies.form.paymentMode"],
  ["leasingCompanyId", "adminCompanies.form.leasingCompany"],
  ["billingTableId", "adminCompanies.form.billingTable"],
  ["streetAddress", "adminCompanies.form.streetAddress"],
  ["postalCode", "adminCompanies.form.postalCode"],
  ["city", "adminCompanies.form.city"],
  ["billingEmail", "adminCompanies.form.billingEmail"],
  ["eInvoiceAddress", "adminCompanies.form.eInvoiceAddress"],
  ["eInvoiceOperator", "adminCompanies.form.eInvoiceOperator"],
  ["contactName", "adminCompanies.form.contactName"],
  ["contactEmail", "adminCompanies.form.contactEmail"],
  ["contactPhoneNumber", "adminCompanies.form.contactPhone"],
  ["previousProvider", "adminCompanies.form.previousProvider"],
]);

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;

/**
 * The entity type in the reader's language. A type this page does not know yet (a server newer than the
 * page loaded in the browser) is just "Kohde".
 */
export function entityTypeLabel(t: TFunction, entityType: string): string {
  const known = Object.hasOwn(ENTITY_TYPE_LABELS, entityType);
  return t(known ? ENTITY_TYPE_LABELS[entityType as EventEntityType] : "adminAudit.unknownEntity");
}

/** What the object is called as stored: the server's label, or the event's own copy of it once deleted. */
function storedName(event: SummarisedEvent): string | null {
  if (event.entityLabel) return event.entityLabel;
  const { data } = event;
  if (event.entityType === "role") return text(data.role);
  if (event.entityType === "company") return text(data.name);
  if (event.entityType === "companyApplication") return text(data.companyName);
  // An import of municipal rates is named by its tax year ("Kunnallisverot: 2027").
  if (event.entityType === "municipalTaxRates" && typeof data.year === "number") return String(data.year);
  return null;
}

/** "Käyttäjä: Laura Nieminen", "Rooli: Työnantajan pääkäyttäjä", or only the type when it has no name. */
export function entityText(t: TFunction, event: SummarisedEvent): string {
  const type = entityTypeLabel(t, event.entityType);
  const name = storedName(event);
  if (!name) return type;
  return t("adminAudit.entityNamed", {
    type,
    label: event.entityType === "role" ? roleLabel(t, name) : name,
  });
}

function statusLabel(t: TFunction, status: string): string {
  const key = STATUS_LABEL_KEYS.order[status] ?? STATUS_LABEL_KEYS.request[status];
  return key ? t(key) : status;
}

/** The data keys people care about, in words ("Rooli: Pääkäyttäjä · Oikeus: roles.manage"); "" if none. */
export function dataSummary(t: TFunction, event: SummarisedEvent): string {
  const { data } = event;
  const name = storedName(event);
  const parts: string[] = [];
  const role = text(data.role);
  if (role && !(event.entityType === "role" && role === name)) {
    parts.push(t("adminAudit.summary.role", { role: roleLabel(t, role) }));
  }
  const permission = text(data.permission);
  if (permission) parts.push(t("adminAudit.summary.permission", { permission }));
  if (Array.isArray(data.fields)) {
    const fields = data.fields
      .map(text)
      .filter((field): field is string => field !== null)
      .map((field) => {
        const key = COMPANY_FIELD_LABELS.get(field);
        return key ? t(key) : field;
      });
    if (fields.length > 0) parts.push(t("adminAudit.summary.fields", { fields: fields.join(", ") }));
  }
  const company = text(data.companyName) ?? (event.entityType === "company" ? text(data.name) : null);
  if (company && company !== name) parts.push(t("adminAudit.summary.company", { company }));
  const to = text(data.to);
  if (to) parts.push(t("adminAudit.summary.status", { status: statusLabel(t, to) }));
  return parts.join(" · ");
}

/** The object and the summary in one line, for a timeline. */
export function eventDetails(t: TFunction, event: SummarisedEvent): string {
  return [entityText(t, event), dataSummary(t, event)].filter(Boolean).join(" · ");
}

/** A timeline entry's text: what happened (the type's label), and to what beneath it. */
export function EventText({ title, event }: { title: ReactNode; event: SummarisedEvent }) {
  const { t } = useTranslation();
  return (
    <>
      {title}
      <Text
        component="span"
        display="block"
        size="sm"
        c="dimmed"
        fw={400}
        style={{ overflowWrap: "anywhere" }}
      >
        {eventDetails(t, event)}
      </Text>
    </>
  );
}
