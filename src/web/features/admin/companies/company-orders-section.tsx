import { Switch } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TCompanyOrder, zCompanyOrdersQuery } from "../../../../contract/companies.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { filtersFromAddress, useFilterParams } from "../../../lib/filter-params.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { PAGE_SIZE, useCompanyOrders } from "./companies-api.ts";

/** The keys of the company page's orders list in the address (the page shows other lists too). */
const KEYS = { prefix: "orders" };

/**
 * The company's orders and leases, 20 a page, newest first; the switch keeps only the active leases.
 * The switch and the page are in the address.
 */
export function CompanyOrdersSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { params, update } = useFilterParams<"activeLeases">(KEYS);
  const { values } = filtersFromAddress(zCompanyOrdersQuery, params, KEYS);
  const page = values.page;
  const activeOnly = values.activeLeases ?? false;
  const orders = useCompanyOrders(companyId, page, activeOnly);
  return (
    <SectionCard
      title={t("adminCompanies.orders.title")}
      headingOrder={3}
      actions={
        <Switch
          label={t("adminCompanies.orders.activeOnly")}
          checked={activeOnly}
          onChange={(event) => update({ activeLeases: event.currentTarget.checked ? "true" : "" })}
        />
      }
    >
      <DataTable<TCompanyOrder>
        label={t("adminCompanies.orders.title")}
        idAccessor="orderId"
        {...pageQueryProps(orders)}
        empty={{
          text: activeOnly ? t("adminCompanies.orders.emptyActive") : t("adminCompanies.orders.empty"),
        }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        maxHeight="50vh"
        columns={[
          { accessor: "orderNumber", title: t("adminCompanies.orders.number") },
          { accessor: "employeeName", title: t("adminCompanies.orders.employee") },
          {
            accessor: "orderStatus",
            title: t("adminCompanies.orders.status"),
            render: (r) => <StatusBadge family="order" status={r.orderStatus} />,
          },
          {
            accessor: "totalPrice",
            title: t("adminCompanies.orders.total"),
            textAlign: "right",
            // The orders answer euros, not cents.
            render: (r) => (r.totalPrice == null ? "–" : money(Math.round(r.totalPrice * 100))),
          },
          {
            accessor: "monthlyPayment",
            title: t("adminCompanies.orders.monthly"),
            textAlign: "right",
            render: (r) => (r.monthlyPayment == null ? "–" : money(Math.round(r.monthlyPayment * 100))),
          },
          {
            accessor: "leaseStartDate",
            title: t("adminCompanies.orders.lease"),
            render: (r) =>
              r.leaseStartDate
                ? t("adminCompanies.orders.leaseRange", {
                    from: display.date(r.leaseStartDate),
                    to: display.date(r.leaseEndDate) || "…",
                    months: r.leaseTimeMonths ?? "–",
                  })
                : "–",
          },
          {
            accessor: "createdAt",
            title: t("adminCompanies.orders.createdAt"),
            render: (r) => formatDateTime(r.createdAt),
          },
        ]}
      />
    </SectionCard>
  );
}
