import { Group, MultiSelect, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TEventLogEntry } from "../../../../contract/admin.ts";
import { EVENT_TYPES, type EventType } from "../../../../domain/enums.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { useFilterParams } from "../../../lib/filter-params.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { dataSummary, entityText } from "./event-summary.tsx";
import { eventTypeLabelKey } from "./event-types.ts";
import {
  EVENT_LOG_PAGE_SIZE,
  type EventLogFilter,
  useCompanyOptions,
  useEventLog,
  useUserOptions,
} from "./reporting-api.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters from the address, anything malformed left out, so a bookmark or reload keeps them. */
function eventLogFilterOf(params: URLSearchParams): EventLogFilter {
  const types = (params.get("types") ?? "")
    .split(",")
    .filter((type): type is EventType => (EVENT_TYPES as readonly string[]).includes(type));
  const page = Number(params.get("page"));
  const id = (key: string) => {
    const value = params.get(key) ?? "";
    return UUID.test(value) ? value : "";
  };
  const date = (key: string) => {
    const value = params.get(key) ?? "";
    return DATE.test(value) ? value : "";
  };
  return {
    types,
    actorUserId: id("actor"),
    companyId: id("company"),
    from: date("from"),
    to: date("to"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The actor picker: users found by e-mail (2 characters or more), the chosen one kept as a choice. */
function ActorSelect({
  value,
  knownLabel,
  onChange,
}: {
  value: string;
  knownLabel: string | null;
  onChange: (value: string, label: string | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  // Choosing a user puts their label in the field; that is not a new search.
  const searching = debounced !== knownLabel ? debounced : "";
  const found = useUserOptions(searching);
  const options = found.data ?? [];
  const data =
    value && knownLabel && !options.some((option) => option.value === value)
      ? [{ value, label: knownLabel }, ...options]
      : options;
  return (
    <Select
      label={t("adminAudit.actor")}
      placeholder={t("adminAudit.actorPlaceholder")}
      description={t("adminAudit.actorHelp")}
      searchable
      clearable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        searching.trim().length >= 2 && found.isSuccess ? t("adminAudit.noUsers") : undefined
      }
      onChange={(next, option) => onChange(next ?? "", option?.label ?? null)}
      miw={280}
    />
  );
}

/**
 * Raportointi's event log (docs/product.md "States" event types): who did what and when, newest first, filtered by type,
 * actor, company and dates; the filters live in the address.
 */
export function EventLogView() {
  const { t } = useTranslation();
  const { params, setParams, update } = useFilterParams<"types" | "actor" | "company" | "from" | "to">();
  const filter = eventLogFilterOf(params);
  const list = useEventLog(filter);
  const companies = useCompanyOptions();
  const [actorLabel, setActorLabel] = useState<string | null>(null);

  // After a reload only the actor's id is in the address: their name comes with their events.
  const actorFromRows = list.data?.items.find((entry) => entry.actor?.userId === filter.actorUserId)?.actor;
  const knownActorLabel =
    actorLabel ?? (actorFromRows ? `${actorFromRows.name} (${actorFromRows.email})` : null);

  const filtered =
    filter.types.length > 0 || [filter.actorUserId, filter.companyId, filter.from, filter.to].some(Boolean);

  return (
    <Stack gap="md">
      <Group align="end" gap="md" wrap="wrap">
        <MultiSelect
          label={t("adminAudit.typesFilter")}
          placeholder={filter.types.length === 0 ? t("adminAudit.allTypes") : undefined}
          searchable
          clearable
          data={EVENT_TYPES.map((type) => ({ value: type, label: t(eventTypeLabelKey(type)) }))}
          value={filter.types}
          onChange={(types) => update({ types: types.join(",") })}
          nothingFoundMessage={t("adminAudit.noTypes")}
          miw={280}
          maw="100%"
        />
        <ActorSelect
          value={filter.actorUserId}
          knownLabel={knownActorLabel}
          onChange={(value, label) => {
            setActorLabel(label);
            update({ actor: value });
          }}
        />
        <Select
          label={t("adminAudit.company")}
          placeholder={t("adminAudit.allCompanies")}
          searchable
          clearable
          data={companies.data ?? []}
          value={filter.companyId || null}
          onChange={(value) => update({ company: value ?? "" })}
          nothingFoundMessage={t("adminAudit.noCompanies")}
          miw={240}
        />
        <DateField
          label={t("adminAudit.from")}
          value={filter.from}
          max={filter.to || undefined}
          onChange={(value) => update({ from: value })}
        />
        <DateField
          label={t("adminAudit.to")}
          value={filter.to}
          min={filter.from || undefined}
          onChange={(value) => update({ to: value })}
        />
      </Group>
      <DataTable<TEventLogEntry>
        label={t("adminAudit.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{ text: t("adminAudit.empty") }}
        filtered={{
          active: filtered,
          text: t("adminAudit.emptyFiltered"),
          clearLabel: t("adminAudit.clearFilters"),
          onClear: () => {
            setActorLabel(null);
            setParams({}, { replace: true });
          },
        }}
        page={filter.page}
        pageSize={EVENT_LOG_PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        columns={[
          {
            accessor: "createdAt",
            title: t("adminAudit.time"),
            width: 150,
            render: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>,
          },
          {
            accessor: "type",
            title: t("adminAudit.type"),
            render: (r) => t(eventTypeLabelKey(r.type)),
          },
          {
            accessor: "actor",
            title: t("adminAudit.actor"),
            render: (r) =>
              r.actor ? (
                <Stack gap={2}>
                  <Text size="sm">{r.actor.name}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {r.actor.email}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" component="span">
                  {t("adminAudit.system")}
                </Text>
              ),
          },
          {
            accessor: "company",
            title: t("adminAudit.company"),
            render: (r) => r.company?.name ?? "–",
          },
          {
            accessor: "entityType",
            title: t("adminAudit.object"),
            render: (r) => {
              const summary = dataSummary(t, r);
              return (
                <Stack gap={2}>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {entityText(t, r)}
                  </Text>
                  {summary && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }} maw={420}>
                      {summary}
                    </Text>
                  )}
                </Stack>
              );
            },
          },
        ]}
      />
    </Stack>
  );
}
