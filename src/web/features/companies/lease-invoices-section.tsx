import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { leaseInvoicesApi as api, type TLeaseInvoice } from "../../../contract/lease-invoices.ts";
import { billedMonthText } from "../../../domain/lease-invoice.ts";
import { formatReferenceNumber } from "../../../domain/reference-number.ts";
import { DataTable, pageQueryProps } from "../../components/data-table.tsx";
import { DetailsList } from "../../components/details-list.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { ToneBadge } from "../../components/status-badge.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { useEndpointQuery } from "../../lib/endpoint-client.ts";
import { fileHref } from "../../lib/file-href.ts";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../lib/filter-params.ts";
import { formatDate, formatPercent } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import { useCompany } from "./companies-api.ts";

/**
 * "Laskut": Pedaali's monthly invoices to the company for its running leases, newest month first, a
 * year's worth a page; on the employer's company settings and on the helpdesk's company page (admin).
 * Each invoice downloads as a Finvoice e-invoice for the company's invoicing software (a link the
 * browser takes with the session's cookies, as the helpdesk's e-invoice of our bill), and opens to its
 * lines and sums. The server answers the file 409
 * E_INVOICE_ADDRESS_MISSING while the company has no e-invoice address and operator ID: the section
 * says so from the company's details before anyone clicks, and offers no link that would fail. Who
 * fills the address in depends on the reader (`audience`): the employer is told the helpdesk saves it,
 * the helpdesk to save it in the company's details on its page. `headingOrder` 3 where the section sits
 * under a company's own heading (the admin company page). A month's supplementary invoice and credit
 * note (src/domain/lease-billing.ts) are listed beside its regular invoice, each with its kind's label,
 * and opened name the invoice they go with; a credit note's sums are negative.
 */

const PAGE_SIZE = 12;
type LeaseInvoiceLine = TLeaseInvoice["lines"][number];

/** A supplementary invoice's and a credit note's label; a regular invoice has none. */
function KindBadge({ kind }: { kind: TLeaseInvoice["kind"] }) {
  const { t } = useTranslation();
  if (kind === "SUPPLEMENTARY")
    return <ToneBadge tone="info">{t("companySections.leaseInvoices.kindSupplementary")}</ToneBadge>;
  if (kind === "CREDIT_NOTE")
    return <ToneBadge tone="progress">{t("companySections.leaseInvoices.kindCreditNote")}</ToneBadge>;
  return null;
}

/** A lease invoice's Finvoice file: a download the browser takes by its address, not a JSON call. */
function leaseEInvoiceHref(companyId: string, invoiceId: string): string {
  return fileHref(api.eInvoice, { params: { id: companyId, invoiceId } });
}

/** Who reads the section: the company's own employer admin, or Pedaali's helpdesk (the admin area). */
export type LeaseInvoicesAudience = "employer" | "helpdesk";

/** The keys of the lease invoices list in the address (the company's page shows other lists too). */
const KEYS = { prefix: "invoices" };

export function LeaseInvoicesSection({
  companyId,
  audience = "employer",
  headingOrder = 2,
}: {
  companyId: string;
  audience?: LeaseInvoicesAudience;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const [openId, setOpenId] = useState<string | null>(null);
  const linesId = useId();
  const list = useEndpointQuery(
    api.list,
    { params: { id: companyId }, query: { page, limit: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
  // The company's details are already read by the page around this section (the same cache entry).
  const company = useCompany(companyId);
  const addressMissing =
    company.data !== undefined && (!company.data.eInvoiceAddress || !company.data.eInvoiceOperator);
  const items = list.data?.items ?? [];
  const open = items.find((invoice) => invoice.id === openId) ?? null;

  return (
    <SectionCard
      title={t("companySections.leaseInvoices.title")}
      description={t("companySections.leaseInvoices.description")}
      headingOrder={headingOrder}
    >
      <Stack gap="md">
        {addressMissing && items.length > 0 && (
          <Alert variant="light" color="yellow" role="alert">
            <Text size="sm">{t("errors.E_INVOICE_ADDRESS_MISSING")}</Text>
            <Text size="sm">
              {audience === "helpdesk"
                ? t("companySections.leaseInvoices.addressForHelpdesk")
                : t("companySections.leaseInvoices.addressByHelpdesk")}
            </Text>
          </Alert>
        )}
        <DataTable<TLeaseInvoice>
          label={t("companySections.leaseInvoices.title")}
          idAccessor="id"
          {...pageQueryProps(list)}
          empty={{ text: t("companySections.leaseInvoices.empty") }}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={(next) => {
            update({ page: String(next) });
            setOpenId(null);
          }}
          maxHeight="60vh"
          columns={[
            {
              accessor: "period",
              title: t("companySections.leaseInvoices.month"),
              render: (invoice) => billedMonthText(invoice.period),
            },
            {
              accessor: "invoiceNumber",
              title: t("companySections.leaseInvoices.number"),
              render: (invoice) => (
                <Group gap="xs" wrap="wrap">
                  <span>{invoice.invoiceNumber}</span>
                  <KindBadge kind={invoice.kind} />
                </Group>
              ),
            },
            {
              accessor: "dueDate",
              title: t("companySections.leaseInvoices.dueDate"),
              render: (invoice) => formatDate(invoice.dueDate),
            },
            {
              accessor: "lines",
              title: t("companySections.leaseInvoices.leases"),
              textAlign: "right",
              render: (invoice) => invoice.lines.length,
            },
            {
              accessor: "totalCents",
              title: t("companySections.leaseInvoices.total"),
              textAlign: "right",
              noWrap: true,
              render: (invoice) => money(invoice.totalCents),
            },
            {
              accessor: "actions",
              title: t("companySections.leaseInvoices.actions"),
              render: (invoice) => {
                const shown = invoice.id === openId;
                return (
                  <Group gap="xs" wrap="wrap">
                    {addressMissing ? (
                      <Button size="compact-sm" variant="default" disabled>
                        {t("companySections.leaseInvoices.download")}
                      </Button>
                    ) : (
                      <Button
                        component="a"
                        href={leaseEInvoiceHref(companyId, invoice.id)}
                        download
                        size="compact-sm"
                        variant="default"
                        aria-label={t("companySections.leaseInvoices.downloadNamed", {
                          number: invoice.invoiceNumber,
                        })}
                      >
                        {t("companySections.leaseInvoices.download")}
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-expanded={shown}
                      aria-controls={shown ? linesId : undefined}
                      aria-label={
                        shown
                          ? t("companySections.leaseInvoices.hideLinesNamed", {
                              number: invoice.invoiceNumber,
                            })
                          : t("companySections.leaseInvoices.showLinesNamed", {
                              number: invoice.invoiceNumber,
                            })
                      }
                      onClick={() => setOpenId(shown ? null : invoice.id)}
                    >
                      {shown
                        ? t("companySections.leaseInvoices.hideLines")
                        : t("companySections.leaseInvoices.showLines")}
                    </Button>
                  </Group>
                );
              },
            },
          ]}
        />
        {open && (
          <InvoiceLines id={linesId} invoice={open} money={money} headingOrder={headingOrder === 2 ? 3 : 4} />
        )}
      </Stack>
    </SectionCard>
  );
}

/** One invoice opened: who and what it bills (the monthly payments and their VAT-free parts), and its sums. */
function InvoiceLines({
  id,
  invoice,
  money,
  headingOrder,
}: {
  id: string;
  invoice: TLeaseInvoice;
  money: (cents: number) => string;
  headingOrder: 3 | 4;
}) {
  const { t } = useTranslation();
  const titleKey = {
    REGULAR: "companySections.leaseInvoices.linesTitle",
    SUPPLEMENTARY: "companySections.leaseInvoices.linesTitleSupplementary",
    CREDIT_NOTE: "companySections.leaseInvoices.linesTitleCreditNote",
  }[invoice.kind];
  const title = t(titleKey, { number: invoice.invoiceNumber, month: billedMonthText(invoice.period) });
  return (
    <Paper id={id} component="section" aria-label={title} withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={headingOrder} size="h4">
          {title}
        </Title>
        <ListTable<LeaseInvoiceLine>
          label={title}
          rows={invoice.lines}
          rowKey={(line) => String(line.orderNumber)}
          minWidth={480}
          columns={[
            {
              accessor: "employeeName",
              title: t("companySections.leaseInvoices.employee"),
              render: (line) => line.employeeName,
            },
            {
              accessor: "orderNumber",
              title: t("companySections.leaseInvoices.order"),
              render: (line) => line.orderNumber,
            },
            {
              accessor: "monthlyPaymentCents",
              title: t("companySections.leaseInvoices.monthlyPayment"),
              textAlign: "right",
              noWrap: true,
              render: (line) => money(line.monthlyPaymentCents),
            },
            {
              // The invoice's VAT is its rate of these amounts' sum (decision 018): they add up to the
              // VAT-free total below to the cent.
              accessor: "vatExcludedCents",
              title: t("companySections.leaseInvoices.lineVatExcluded"),
              textAlign: "right",
              noWrap: true,
              render: (line) => money(line.vatExcludedCents),
            },
          ]}
        />
        <DetailsList
          items={[
            ...(invoice.originalInvoiceNumber === null
              ? []
              : [
                  {
                    label: t("companySections.leaseInvoices.originalInvoice"),
                    value: String(invoice.originalInvoiceNumber),
                  },
                ]),
            { label: t("companySections.leaseInvoices.issueDate"), value: formatDate(invoice.issueDate) },
            { label: t("companySections.leaseInvoices.dueDate"), value: formatDate(invoice.dueDate) },
            {
              label: t("companySections.leaseInvoices.reference"),
              value: formatReferenceNumber(invoice.referenceNumber),
            },
            { label: t("companySections.leaseInvoices.vatExcluded"), value: money(invoice.amountCents) },
            {
              label: t("companySections.leaseInvoices.vat", {
                percent: formatPercent(invoice.vatPercent, currentLanguage()),
              }),
              value: money(invoice.vatCents),
            },
            { label: t("companySections.leaseInvoices.total"), value: money(invoice.totalCents) },
          ]}
        />
      </Stack>
    </Paper>
  );
}
