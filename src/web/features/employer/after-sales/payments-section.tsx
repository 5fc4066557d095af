import { Stack, Text } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  type TUserPayment,
  type TUserPaymentPage,
  type TUserPaymentsQueryInput,
  USER_PAYMENTS_FETCH_ERROR,
  userPaymentsApi,
  zUserPaymentsQuery,
} from "../../../../contract/user-payments.ts";
import { USER_PAYMENTS_PAGE_SIZE } from "../../../../domain/constants.ts";
import type { PaymentMethod, UserPaymentKind } from "../../../../domain/enums.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { StackingSegments } from "../../../components/stacking-segments.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { filtersFromAddress, useFilterParams } from "../../../lib/filter-params.ts";
import { formatCalendarDate, formatDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { SILENT } from "../../../lib/query-client.ts";
import { useSession } from "../../../lib/session.ts";
import { type UserPaymentWords, userPaymentWhat } from "../../../lib/user-payment-text.ts";

/** The label keys, spelled out so that the catalogue check sees every key in use. */
const PAYMENT_WORDS: UserPaymentWords<UserPaymentKind> = {
  kinds: {
    OWN_SHARE: "employerPayments.kinds.OWN_SHARE",
    REDEMPTION: "employerPayments.kinds.REDEMPTION",
    RETURN_FEE: "employerPayments.kinds.RETURN_FEE",
    DEDUCTIBLE: "employerPayments.kinds.DEDUCTIBLE",
    OTHER: "employerPayments.kinds.OTHER",
  },
  order: "employerPayments.order",
};
const METHOD_LABELS: Record<PaymentMethod, string> = {
  PAYROLL: "employerPayments.methods.PAYROLL",
  BATCH: "employerPayments.methods.BATCH",
};
const DONE_OPTIONS = [
  { value: "", label: "employerPayments.doneAll" },
  { value: "false", label: "employerPayments.doneFalse" },
  { value: "true", label: "employerPayments.doneTrue" },
];

/**
 * GET /api/user-payment/optimized, scoped by the server to the caller's companies. docs/product.md "Errors": it rejects
 * with 'Error fetching user payments' when the answer had no readable error of ours.
 */
async function fetchPage(query: TUserPaymentsQueryInput, signal: AbortSignal): Promise<TUserPaymentPage> {
  try {
    return await callEndpoint(userPaymentsApi.list, { query }, { signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.bodyReadable) throw error;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: USER_PAYMENTS_FETCH_ERROR,
      bodyReadable: false,
    });
  }
}

/** The keys of the payments list in the address (the page shows the other after-sales lists too). */
const KEYS = { prefix: "payments" };

function PaymentsTable() {
  const { t } = useTranslation();
  const { params, update } = useFilterParams<"isUserPaymentDone">(KEYS);
  const { values } = filtersFromAddress(zUserPaymentsQuery, params, KEYS);
  const { page } = values;
  const done = values.isUserPaymentDone === undefined ? "" : String(values.isUserPaymentDone);
  const query: TUserPaymentsQueryInput = {
    page,
    pageSize: USER_PAYMENTS_PAGE_SIZE,
    ...(done === "true" || done === "false" ? { isUserPaymentDone: done } : {}),
  };
  const list = useEndpointQuery(
    userPaymentsApi.list,
    { query },
    {
      call: (_definition, _input, { signal }) => fetchPage(query, signal),
      placeholderData: keepPreviousData,
      // The table shows its own error with a retry.
      meta: SILENT,
    },
  );
  const labelId = useId();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={labelId}>
          {t("employerPayments.done")}
        </Text>
        <StackingSegments
          stackBelow="phone"
          aria-labelledby={labelId}
          value={done}
          onChange={(value) => update({ isUserPaymentDone: value })}
          data={DONE_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
        />
      </Stack>
      <DataTable<TUserPayment>
        label={t("employerPayments.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{ text: t("employerPayments.empty") }}
        filtered={{
          active: done !== "",
          text: t("employerPayments.emptyFiltered"),
          clearLabel: t("employerPayments.showAll"),
          onClear: () => update({ isUserPaymentDone: "" }),
        }}
        page={page}
        pageSize={USER_PAYMENTS_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={[
          {
            accessor: "employee",
            title: t("employerPayments.columns.employee"),
            render: (p) => (
              <div>
                <Text size="sm">{p.employee.name}</Text>
                <Text size="xs" c="dimmed">
                  {p.company.name}
                </Text>
              </div>
            ),
          },
          {
            accessor: "description",
            title: t("employerPayments.columns.what"),
            render: (p) => {
              const what = userPaymentWhat(t, PAYMENT_WORDS, p);
              return (
                <div>
                  <Text size="sm">{what.kind}</Text>
                  {what.detail && (
                    <Text size="xs" c="dimmed">
                      {what.detail}
                    </Text>
                  )}
                </div>
              );
            },
          },
          {
            accessor: "amountCents",
            title: t("employerPayments.columns.amount"),
            textAlign: "right",
            render: (p) => <span style={{ whiteSpace: "nowrap" }}>{money(p.amountCents)}</span>,
          },
          {
            accessor: "paymentMethod",
            title: t("employerPayments.columns.method"),
            render: (p) => t(METHOD_LABELS[p.paymentMethod]),
          },
          {
            accessor: "dueDate",
            title: t("employerPayments.columns.due"),
            render: (p) => (p.dueDate ? formatCalendarDate(p.dueDate) : "–"),
          },
          {
            accessor: "paymentStatus",
            title: t("employerPayments.columns.status"),
            render: (p) => <StatusBadge family="payment" status={p.paymentStatus} />,
          },
          {
            accessor: "paidAt",
            title: t("employerPayments.columns.paid"),
            render: (p) => (p.paidAt ? formatDate(p.paidAt) : "–"),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * The employees' own payments (share over the max price, redemptions, fees) of the employer's
 * companies, read only, 10 a page, narrowed to paid or unpaid. Shown to holders of
 * user-payments.read (the employer admin, the group admin, reporting; not the editor).
 */
export function EmployerPaymentsSection() {
  const { t } = useTranslation();
  const canRead = useSession().user?.permissions.includes("user-payments.read") ?? false;
  if (!canRead) return null;
  return (
    <SectionCard title={t("employerPayments.title")} description={t("employerPayments.description")}>
      <PaymentsTable />
    </SectionCard>
  );
}
