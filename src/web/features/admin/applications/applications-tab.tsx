import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type TApplicationAccepted,
  type TCompanyApplication,
  zApplicationsQuery,
} from "../../../../contract/admin.ts";
import { REQUEST_STATUSES } from "../../../../domain/enums.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../../lib/filter-params.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { useAdminNav } from "../admin-nav.ts";
import { AcceptDialog } from "./accept-dialog.tsx";
import { ApplicationCard } from "./application-card.tsx";
import { APPLICATIONS_PAGE_SIZE, type ApplicationsFilter, useApplications } from "./applications-api.ts";
import { RejectDialog } from "./reject-dialog.tsx";

const ALL = "all";

/** The list's filters from the address (status PENDING unless told, "all" for every status), so reload keeps them. */
function filterOf(params: URLSearchParams): ApplicationsFilter {
  const { values } = filtersFromAddress(zApplicationsQuery, params);
  return {
    status: params.get("status") === ALL ? null : (values.status ?? "PENDING"),
    search: values.search ?? "",
    page: values.page,
  };
}

/**
 * The company applications of Hakemukset, at /admin/hakemukset/yrityshakemukset
 * beside the helpdesk's order queue (orders/helpdesk-tab.tsx).
 */
export function ApplicationsTab() {
  return (
    <Stack gap="var(--pd-section-gap)">
      <CompanyApplications />
    </Stack>
  );
}

/** The sign-ups of /register, pending first by default, each accepted or rejected in a dialog. */
function CompanyApplications() {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const { params, update } = useFilterParams<"status" | "search">();
  const filter = filterOf(params);
  const list = useApplications(filter);
  const [accepting, setAccepting] = useState<TCompanyApplication | null>(null);
  const [rejecting, setRejecting] = useState<TCompanyApplication | null>(null);
  const [accepted, setAccepted] = useState<TApplicationAccepted | null>(null);
  const headingId = useId();
  const search = useSearchText(filter.search, (value) => update({ search: value }));

  function onAccepted(result: TApplicationAccepted) {
    setAccepted(result);
    showSuccessToast(t("adminApplications.acceptedToast", { company: result.company.name }));
  }
  function onRejected(application: TCompanyApplication) {
    showSuccessToast(t("adminApplications.rejectedToast", { company: application.companyName }));
  }

  const data = list.data;
  const filtered = filter.status !== "PENDING" || filter.search !== "";
  const pages = Math.max(1, data?.totalPages ?? 1);

  return (
    <Stack component="section" gap="md" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t("adminApplications.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
          {t("adminApplications.intro")}
        </Text>
      </div>
      {accepted && (
        <Alert
          variant="light"
          color="pedaali"
          title={t("adminApplications.acceptedTitle", { company: accepted.company.name })}
          withCloseButton
          closeButtonLabel={t("common.close")}
          onClose={() => setAccepted(null)}
        >
          <Stack gap={4}>
            <Text size="sm">
              {accepted.adminInvited
                ? t("adminApplications.invited", { email: accepted.application.contactEmail })
                : t("adminApplications.notInvited", { email: accepted.application.contactEmail })}
            </Text>
            <AppLink to={pathOf("companies", accepted.company.companyId)}>
              {t("adminApplications.openCompanyNamed", { company: accepted.company.name })}
            </AppLink>
          </Stack>
        </Alert>
      )}
      <Group align="end" gap="md" wrap="wrap">
        <NativeSelect
          label={t("adminApplications.statusFilter")}
          value={filter.status ?? ALL}
          onChange={(event) => update({ status: event.currentTarget.value })}
          data={[
            ...REQUEST_STATUSES.map((status) => ({
              value: status,
              label: t(STATUS_LABEL_KEYS.request[status] ?? status),
            })),
            { value: ALL, label: t("adminApplications.statusAll") },
          ]}
        />
        <TextInput
          label={t("adminApplications.search")}
          placeholder={t("adminApplications.searchPlaceholder")}
          type="search"
          {...search.input}
          miw={260}
        />
        {list.isFetching && !list.isPending && (
          <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />
        )}
      </Group>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={t("ds.table.loading")} />
        </Group>
      ) : list.isError ? (
        <EmptyState
          icon={<AlertIcon size={24} />}
          text={<span role="alert">{t("ds.table.loadError")}</span>}
          action={
            <Button variant="default" onClick={() => void list.refetch()}>
              {t("ds.table.retry")}
            </Button>
          }
        />
      ) : data && data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            text={t("adminApplications.emptyFiltered")}
            action={
              <Button
                variant="default"
                onClick={() => {
                  search.clear();
                  update({ status: "", search: "" });
                }}
              >
                {t("adminApplications.showPending")}
              </Button>
            }
          />
        ) : (
          <EmptyState text={t("adminApplications.empty")} />
        )
      ) : (
        <Stack gap="md" aria-busy={list.isFetching || undefined}>
          {data?.items.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              onAccept={() => setAccepting(application)}
              onReject={() => setRejecting(application)}
            />
          ))}
          {data && data.total > 0 && (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">
                {t("ds.table.pagination", {
                  page: filter.page,
                  pages,
                  from: (filter.page - 1) * APPLICATIONS_PAGE_SIZE + 1,
                  to: (filter.page - 1) * APPLICATIONS_PAGE_SIZE + data.items.length,
                  total: data.total,
                })}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={filter.page}
                  onChange={(page) => update({ page: String(page) })}
                  getItemProps={(page) => ({ "aria-label": t("ds.table.page", { page }) })}
                  getControlProps={(control) => ({
                    "aria-label": {
                      first: t("ds.table.firstPage"),
                      previous: t("ds.table.previousPage"),
                      next: t("ds.table.nextPage"),
                      last: t("ds.table.lastPage"),
                    }[control],
                  })}
                />
              )}
            </Group>
          )}
        </Stack>
      )}
      <AcceptDialog application={accepting} onClose={() => setAccepting(null)} onAccepted={onAccepted} />
      <RejectDialog application={rejecting} onClose={() => setRejecting(null)} onRejected={onRejected} />
    </Stack>
  );
}
