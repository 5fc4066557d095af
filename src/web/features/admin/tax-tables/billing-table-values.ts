import { randomId } from "@mantine/hooks";
import { BRACKET_LEASE_MONTHS, type TBillingTable } from "../../../../contract/billing-tables.ts";
import type { Reader } from "./form-validation.ts";
import { centsToText, integerToText, percentToText } from "./number-text.ts";

/** A billing table as its form holds it (numbers as typed) and the request body they are read into. */

export type BracketValues = {
  key: string;
  minTotalCents: string;
  maxTotalCents: string;
  leaseTimeMonths: string;
};

export type Values = {
  name: string;
  leasingCompanyId: string;
  validFrom: string;
  validTo: string;
  annualInterestPercent: string;
  residualValuePercent: string;
  insurancePercentPerYear: string;
  monthlyMaintenanceCents: string;
  monthlyServiceFeeCents: string;
  minLeaseMonths: string;
  maxLeaseMonths: string;
  campaignDiscountPercent: string;
  campaignMinLeaseMonths: string;
  isDefault: boolean;
  notes: string;
  rows: BracketValues[];
};

/** The table's own lease months (the database's 1–120). */
const TABLE_MONTHS = { min: 1, max: 120 } as const;

export const emptyBracket = (): BracketValues => ({
  key: randomId(),
  minTotalCents: "",
  maxTotalCents: "",
  leaseTimeMonths: "",
});

/**
 * The body of POST / PUT /api/billing-table. The leasing company is the one chosen; none chosen is
 * null on a correction and left out of a new table.
 */
export const buildBody = (row: TBillingTable | null) => (v: Values, read: Reader) => {
  const leasingCompanyId = v.leasingCompanyId.trim();
  return {
    name: read.text("name", v.name, true),
    ...(leasingCompanyId ? { leasingCompanyId } : row ? { leasingCompanyId: null } : {}),
    validFrom: v.validFrom.trim() || null,
    validTo: v.validTo.trim() || null,
    annualInterestPercent: read.percent("annualInterestPercent", v.annualInterestPercent),
    residualValuePercent: read.percent("residualValuePercent", v.residualValuePercent, false),
    insurancePercentPerYear: read.percent("insurancePercentPerYear", v.insurancePercentPerYear),
    monthlyMaintenanceCents: read.euros("monthlyMaintenanceCents", v.monthlyMaintenanceCents),
    monthlyServiceFeeCents: read.euros("monthlyServiceFeeCents", v.monthlyServiceFeeCents),
    minLeaseMonths: read.months("minLeaseMonths", v.minLeaseMonths, TABLE_MONTHS.min, TABLE_MONTHS.max),
    maxLeaseMonths: read.months("maxLeaseMonths", v.maxLeaseMonths, TABLE_MONTHS.min, TABLE_MONTHS.max),
    campaignDiscountPercent: read.percent("campaignDiscountPercent", v.campaignDiscountPercent, false),
    campaignMinLeaseMonths: read.months(
      "campaignMinLeaseMonths",
      v.campaignMinLeaseMonths,
      TABLE_MONTHS.min,
      TABLE_MONTHS.max,
      false,
    ),
    isDefault: v.isDefault,
    notes: v.notes.trim() || null,
    rows: v.rows.map((bracket, i) => ({
      minTotalCents: read.euros(`rows.${i}.minTotalCents`, bracket.minTotalCents),
      maxTotalCents: read.euros(`rows.${i}.maxTotalCents`, bracket.maxTotalCents, false),
      leaseTimeMonths: read.months(
        `rows.${i}.leaseTimeMonths`,
        bracket.leaseTimeMonths,
        BRACKET_LEASE_MONTHS.min,
        BRACKET_LEASE_MONTHS.max,
      ),
    })),
  };
};

export function initialValues(
  row: TBillingTable | null,
  makeDefault: boolean,
  lang: Parameters<typeof centsToText>[1],
): Values {
  return {
    name: row?.name ?? "",
    leasingCompanyId: row?.leasingCompanyId ?? "",
    validFrom: row?.validFrom ?? "",
    validTo: row?.validTo ?? "",
    annualInterestPercent: percentToText(row?.annualInterestPercent, lang),
    residualValuePercent: percentToText(row?.residualValuePercent, lang),
    insurancePercentPerYear: percentToText(row?.insurancePercentPerYear ?? 0, lang),
    monthlyMaintenanceCents: centsToText(row?.monthlyMaintenanceCents ?? 0, lang),
    monthlyServiceFeeCents: centsToText(row?.monthlyServiceFeeCents ?? 0, lang),
    minLeaseMonths: integerToText(row?.minLeaseMonths ?? 12),
    maxLeaseMonths: integerToText(row?.maxLeaseMonths ?? 60),
    campaignDiscountPercent: percentToText(row?.campaignDiscountPercent, lang),
    campaignMinLeaseMonths: integerToText(row?.campaignMinLeaseMonths),
    isDefault: row?.isDefault ?? makeDefault,
    notes: row?.notes ?? "",
    rows: row?.rows.length
      ? row.rows.map((r) => ({
          key: r.id,
          minTotalCents: centsToText(r.minTotalCents, lang),
          maxTotalCents: centsToText(r.maxTotalCents, lang),
          leaseTimeMonths: integerToText(r.leaseTimeMonths),
        }))
      : [emptyBracket()],
  };
}

/**
 * The active leasing companies to choose from (GET /api/leasing-companies?forDropdown=true); a table's
 * own company stays among them even when it no longer finances new orders.
 */
