import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TPayrollRow } from "../../../../contract/reporting.ts";
import { LONG_ABSENCE_DAYS } from "../../../../domain/employees.ts";
import type { DataTableColumn } from "../../../components/data-table.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { userPaymentWhat } from "../../../lib/user-payment-text.ts";
import { shortMonth } from "./months.ts";
import {
  ABSENCE_REASON_LABELS,
  CHANGE_LABELS,
  CHANGE_TONES,
  CHANGED_FIELD_LABELS,
  ONE_OFF_KIND_LABELS,
  REGIME_LABELS,
  REGIME_TONES,
} from "./reporting-labels.ts";

/**
 * The payroll report's columns: who, which lease, its tax treatment, what payroll deducts and reports
 * this month, and what changed since last month. An ENDED row (gone since last month, zero amounts) is
 * dimmed throughout, so payroll sees the removal without mistaking it for a deduction.
 */

const ended = (row: TPayrollRow) => row.change === "ENDED";

/** A line under a cell's main value. */
function Note({ children, danger = false }: { children: ReactNode; danger?: boolean }) {
  return (
    <Text size="xs" c={danger ? "red" : "dimmed"}>
      {children}
    </Text>
  );
}

function Money({ cents, row }: { cents: number; row: TPayrollRow }) {
  return (
    <Text size="sm" c={ended(row) ? "dimmed" : undefined} style={{ whiteSpace: "nowrap" }}>
      {money(cents)}
    </Text>
  );
}

function NameCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  const details = [
    row.employeeNumber && t("employerReporting.table.employeeNumber", { value: row.employeeNumber }),
    row.costUnit && t("employerReporting.table.costUnit", { value: row.costUnit }),
    row.unitName,
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={ended(row) ? "dimmed" : undefined}>
        {row.lastName} {row.firstName}
      </Text>
      {details.length > 0 && <Note>{details.join(" · ")}</Note>}
      {!row.employeeNumber && <Note danger>{t("employerReporting.table.noEmployeeNumber")}</Note>}
      {!row.costUnit && <Note danger>{t("employerReporting.table.noCostUnit")}</Note>}
    </Stack>
  );
}

function OrderCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  if (row.orderNumber === null) return <Note>{t("employerReporting.table.ownPaymentsOnly")}</Note>;
  return (
    <Stack gap={2}>
      <Text size="sm" c={ended(row) ? "dimmed" : undefined}>
        {row.orderNumber}
      </Text>
      {row.leaseFromPeriod && row.leaseToPeriod && (
        <Note>
          {t("employerReporting.table.leasePeriod", {
            from: shortMonth(row.leaseFromPeriod),
            to: shortMonth(row.leaseToPeriod),
          })}
        </Note>
      )}
      {row.firstMonth && <Note>{t("employerReporting.table.firstMonth")}</Note>}
      {row.lastMonth && <Note>{t("employerReporting.table.lastMonth")}</Note>}
    </Stack>
  );
}

function RegimeCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  if (!row.regime) return <Note>–</Note>;
  return (
    <Stack gap={4} align="flex-start">
      <ToneBadge tone={REGIME_TONES[row.regime]}>{t(REGIME_LABELS[row.regime])}</ToneBadge>
      {row.taxFreeUntil && (
        <Note>{t("employerReporting.table.taxFreeUntil", { date: formatDate(row.taxFreeUntil) })}</Note>
      )}
    </Stack>
  );
}

function GrossCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Money cents={row.grossDeductionCents} row={row} />
      {row.deferredCents !== 0 && (
        <Note>{t("employerReporting.table.deferred", { amount: money(row.deferredCents) })}</Note>
      )}
      {row.catchUpCents !== 0 && (
        <Note>{t("employerReporting.table.catchUp", { amount: money(row.catchUpCents) })}</Note>
      )}
      {row.outstandingDeferredCents !== 0 && (
        <Note>
          {t("employerReporting.table.outstanding", {
            amount: money(row.outstandingDeferredCents),
          })}
        </Note>
      )}
    </Stack>
  );
}

function OneOffsCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  if (row.oneOffs.length === 0) return <Note>–</Note>;
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {row.oneOffs.map((item, i) => {
        const what = userPaymentWhat(t, { kinds: ONE_OFF_KIND_LABELS }, item);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one row's items, fixed for one answer.
          <li key={i}>
            <Text size="sm">
              {what.kind}
              {what.detail ? `: ${what.detail}` : ""} {money(item.amountCents)}
            </Text>
            <Note>
              {item.deduction === "GROSS"
                ? t("employerReporting.table.fromGross")
                : t("employerReporting.table.fromNet")}
              {item.incomeType !== null &&
                ` · ${t("employerReporting.table.incomeTypeShort", { code: item.incomeType })}`}
            </Note>
            {item.deferredPeriods.length > 0 && (
              <Note>
                {t("employerReporting.table.deferredPeriods", {
                  months: item.deferredPeriods.map(shortMonth).join(", "),
                })}
              </Note>
            )}
          </li>
        );
      })}
    </Stack>
  );
}

function AbsenceCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  const absence = row.absence;
  if (!absence) return <Note>–</Note>;
  const reason =
    absence.reason === "OTHER" && absence.reasonOther
      ? t("employerReporting.absence.otherNamed", { text: absence.reasonOther })
      : t(ABSENCE_REASON_LABELS[absence.reason]);
  const dates = absence.endDate
    ? t("employerReporting.absence.dates", {
        start: formatDate(absence.startDate),
        end: formatDate(absence.endDate),
      })
    : t("employerReporting.absence.openEnded", { start: formatDate(absence.startDate) });
  return (
    <Stack gap={2}>
      <Text size="sm">{reason}</Text>
      <Note>{dates}</Note>
      <Note>
        {absence.effect === "DEDUCTION_CONTINUES"
          ? t("employerReporting.absence.continues")
          : row.withoutPay
            ? t("employerReporting.absence.withoutPay")
            : t("employerReporting.absence.deferred")}
      </Note>
      {absence.long && <Note danger>{t("employerReporting.absence.long", { days: LONG_ABSENCE_DAYS })}</Note>}
    </Stack>
  );
}

function ChangeCell({ row }: { row: TPayrollRow }) {
  const { t } = useTranslation();
  if (!row.change) return <Note>–</Note>;
  if (row.change === "UNCHANGED") return <Note>{t(CHANGE_LABELS.UNCHANGED)}</Note>;
  return (
    <Stack gap={4} align="flex-start">
      <ToneBadge tone={CHANGE_TONES[row.change]}>{t(CHANGE_LABELS[row.change])}</ToneBadge>
      {row.changedFields.length > 0 && (
        <Note>
          {t("employerReporting.table.changedFields", {
            fields: row.changedFields.map((field) => t(CHANGED_FIELD_LABELS[field])).join(", "),
          })}
        </Note>
      )}
    </Stack>
  );
}

/** The table's columns in the page's language; money columns line up on the right. */
export function usePayrollColumns(): DataTableColumn<TPayrollRow>[] {
  const { t } = useTranslation();
  const moneyColumn = (
    accessor: keyof TPayrollRow & string,
    title: string,
    cents: (row: TPayrollRow) => number,
  ): DataTableColumn<TPayrollRow> => ({
    accessor,
    title,
    textAlign: "right",
    render: (row) => <Money cents={cents(row)} row={row} />,
  });
  return [
    {
      accessor: "lastName",
      title: t("employerReporting.table.name"),
      // Readable on a phone: the name keeps its width while the other columns scroll past.
      width: 190,
      render: (row) => <NameCell row={row} />,
    },
    {
      accessor: "orderNumber",
      title: t("employerReporting.table.order"),
      render: (row) => <OrderCell row={row} />,
    },
    {
      accessor: "regime",
      title: t("employerReporting.table.regime"),
      width: 170,
      render: (row) => <RegimeCell row={row} />,
    },
    moneyColumn(
      "monthlyPaymentCents",
      t("employerReporting.table.monthlyPayment"),
      (row) => row.monthlyPaymentCents,
    ),
    {
      accessor: "grossDeductionCents",
      title: t("employerReporting.table.grossDeduction"),
      textAlign: "right",
      render: (row) => <GrossCell row={row} />,
    },
    moneyColumn("taxFreeCents", t("employerReporting.table.taxFree"), (row) => row.taxFreeCents),
    moneyColumn("taxableCents", t("employerReporting.table.taxable"), (row) => row.taxableCents),
    moneyColumn("ownPaymentCents", t("employerReporting.table.ownPayment"), (row) => row.ownPaymentCents),
    moneyColumn(
      "netDeductionCents",
      t("employerReporting.table.netDeduction"),
      (row) => row.netDeductionCents,
    ),
    {
      accessor: "oneOffs",
      title: t("employerReporting.table.oneOffs"),
      width: 220,
      render: (row) => <OneOffsCell row={row} />,
    },
    {
      accessor: "absence",
      title: t("employerReporting.table.absence"),
      width: 220,
      render: (row) => <AbsenceCell row={row} />,
    },
    {
      accessor: "employmentEndsOn",
      title: t("employerReporting.table.employmentEnds"),
      render: (row) =>
        row.employmentEndsOn ? (
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {formatDate(row.employmentEndsOn)}
          </Text>
        ) : (
          <Note>–</Note>
        ),
    },
    {
      accessor: "change",
      title: t("employerReporting.table.change"),
      width: 170,
      render: (row) => <ChangeCell row={row} />,
    },
  ];
}
