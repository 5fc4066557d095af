import { Badge, Group, NativeSelect, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { keepPreviousData, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  contactFormsApi,
  type TContactForm,
  type TContactFormUpdate,
  zContactFormsQuery,
} from "../../../contract/contact-forms.ts";
import { onFirstUse } from "../../../domain/first-use.ts";
import { DataTable, pageQueryProps } from "../../components/data-table.tsx";
import { textLimitOf } from "../../lib/contract-form.ts";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../lib/filter-params.ts";
import { formatDateTime } from "../../lib/formatters.ts";
import { refreshContactForms } from "./contact-forms-api.ts";

const PAGE_SIZE = 20;

/** The longest search the list's query takes. */
const searchMax = onFirstUse(() => textLimitOf(zContactFormsQuery, "search"));

/** The topic labels of the public form, spelled out so that the catalogue check sees every key used. */
const TOPIC_LABELS: Record<string, string> = {
  EMPLOYER: "contact.topics.EMPLOYER",
  EMPLOYEE: "contact.topics.EMPLOYEE",
  BIKE_STORE: "contact.topics.BIKE_STORE",
  PRESS: "contact.topics.PRESS",
  OTHER: "contact.topics.OTHER",
};

type CheckedFilter = "all" | "unchecked" | "checked";

/** GET /api/contact-forms/unchecked-count, for the tab's badge. */
function useUncheckedContactForms() {
  return useEndpointQuery(contactFormsApi.uncheckedCount, {}, { select: (data) => data.count });
}

/** The unchecked count beside the tab's name (admin-tabs.tsx), none when every form is checked. */
export function ContactFormsBadge() {
  const { t } = useTranslation();
  const count = useUncheckedContactForms().data ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      color="red"
      aria-label={t("adminContactForms.uncheckedBadge", { count })}
    >
      {count > 99 ? "99+" : count}
    </Badge>
  );
}

/**
 * The admin's Contact Forms tab (docs/product.md "Screens", docs/api-surface.md "Contact forms"): the messages of the public contact form,
 * newest first, 20 a page, with a checked toggle per row; the helpdesk works through the unchecked ones.
 * The filters and the page are in the address.
 */
export function ContactFormsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { params, update } = useFilterParams<"checked" | "search">();
  const { values } = filtersFromAddress(zContactFormsQuery, params);
  const { page } = values;
  const filter: CheckedFilter =
    values.checked === undefined ? "all" : values.checked ? "checked" : "unchecked";
  const searched = values.search ?? "";
  const search = useSearchText(searched, (value) => update({ search: value }), searchMax());

  const list = useEndpointQuery(
    contactFormsApi.list,
    {
      query: {
        page,
        limit: PAGE_SIZE,
        ...(filter !== "all" ? { checked: filter === "checked" ? "true" : "false" } : {}),
        search: searched,
      },
    },
    { placeholderData: keepPreviousData },
  );

  const toggle = useMutation({
    mutationFn: ({ id, checked }: { id: string } & TContactFormUpdate) =>
      callEndpoint(contactFormsApi.setChecked, { params: { contactFormDataId: id }, body: { checked } }),
    // The list and the tab's badge, also after a failure: the row shows what the server holds.
    onSettled: () => refreshContactForms(queryClient),
  });

  const pending = toggle.isPending ? toggle.variables?.id : undefined;
  const filtered = filter !== "all" || searched !== "";
  function clearFilters() {
    search.clear();
    update({ checked: "", search: "" });
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("adminContactForms.title")}
      </Title>
      <Group align="end" gap="md" wrap="wrap">
        <NativeSelect
          label={t("adminContactForms.filter")}
          value={filter}
          onChange={(event) => {
            const chosen = event.currentTarget.value as CheckedFilter;
            update({ checked: chosen === "all" ? "" : String(chosen === "checked") });
          }}
          data={[
            { value: "all", label: t("adminContactForms.filterAll") },
            { value: "unchecked", label: t("adminContactForms.filterUnchecked") },
            { value: "checked", label: t("adminContactForms.filterChecked") },
          ]}
        />
        <TextInput
          label={t("adminContactForms.search")}
          placeholder={t("adminContactForms.searchPlaceholder")}
          type="search"
          {...search.input}
          miw={260}
        />
      </Group>
      <DataTable<TContactForm>
        label={t("adminContactForms.title")}
        idAccessor="contactFormDataId"
        {...pageQueryProps(list)}
        empty={{ text: t("adminContactForms.empty") }}
        filtered={{
          active: filtered,
          text: t("adminContactForms.emptyFiltered"),
          clearLabel: t("adminContactForms.clearFilters"),
          onClear: clearFilters,
        }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={[
          {
            accessor: "createdAt",
            title: t("adminContactForms.createdAt"),
            width: 150,
            render: (r) => formatDateTime(r.createdAt),
          },
          {
            accessor: "name",
            title: t("adminContactForms.sender"),
            render: (r) => (
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {r.name}
                </Text>
                {r.company && <Text size="sm">{r.company}</Text>}
                <Text size="sm">{r.email}</Text>
                {r.phoneNumber && <Text size="sm">{r.phoneNumber}</Text>}
              </Stack>
            ),
          },
          {
            accessor: "topic",
            title: t("adminContactForms.topic"),
            render: (r) => {
              const key = r.topic ? TOPIC_LABELS[r.topic] : undefined;
              return key ? t(key) : (r.topic ?? t("adminContactForms.noTopic"));
            },
          },
          {
            accessor: "message",
            title: t("adminContactForms.message"),
            render: (r) => (
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} maw={520}>
                {r.message}
              </Text>
            ),
          },
          {
            accessor: "checked",
            title: t("adminContactForms.checked"),
            width: 110,
            render: (r) => (
              <Switch
                checked={pending === r.contactFormDataId ? Boolean(toggle.variables?.checked) : r.checked}
                disabled={pending === r.contactFormDataId}
                aria-label={t("adminContactForms.markChecked", { name: r.name })}
                onChange={(event) =>
                  toggle.mutate({ id: r.contactFormDataId, checked: event.currentTarget.checked })
                }
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}
