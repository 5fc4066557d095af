import { Combobox, Group, Loader, Text, useCombobox, VisuallyHidden } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { THelpdeskSearchResult } from "../../../../contract/admin.ts";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { ORDER_SEGMENT } from "../orders/helpdesk-paths.ts";
import { MIN_SEARCH_LENGTH, useHelpdeskSearch } from "./search-api.ts";
import { SearchField } from "./search-field.tsx";

/** Where each hit leads, by its option value ("company:<id>"); an order opens its page in Hakemukset. */
function targets(result: THelpdeskSearchResult | undefined) {
  const map = new Map<string, ["companies" | "users", string] | ["applications", string, string]>();
  for (const company of result?.companies ?? []) map.set(`company:${company.id}`, ["companies", company.id]);
  for (const user of result?.users ?? []) map.set(`user:${user.userId}`, ["users", user.userId]);
  for (const order of result?.orders ?? [])
    map.set(`order:${order.orderId}`, ["applications", ORDER_SEGMENT, order.orderId]);
  return map;
}

/**
 * The helpdesk search in the admin frame's heading row: companies, users and orders
 * as the helpdesk types (2 characters or more, 300 ms after the last key), grouped; arrow keys move,
 * Enter opens, Escape closes.
 */
export function HelpdeskSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathOf } = useAdminNav();
  const [text, setText] = useState("");
  const [debounced] = useDebouncedValue(text, 300);
  const long = debounced.trim().length >= MIN_SEARCH_LENGTH;
  const search = useHelpdeskSearch(long ? debounced : "");
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Only the answer to what is in the field now; the previous one stays while the next loads.
  const result = long ? search.data : undefined;
  const current = long && !search.isPlaceholderData ? search.data : undefined;
  const count = current ? current.companies.length + current.users.length + current.orders.length : null;

  // The first hit is ready for Enter as soon as an answer arrives (and only then: a later render must
  // not undo the reader's arrow keys).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is a new object on every render.
  useEffect(() => {
    if (current) combobox.selectFirstOption();
  }, [current]);

  function open(value: string) {
    const target = targets(result).get(value);
    if (!target) return;
    combobox.closeDropdown();
    setText("");
    navigate(pathOf(target[0], ...target.slice(1)));
  }

  const companies = result?.companies ?? [];
  const users = result?.users ?? [];
  const orders = result?.orders ?? [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      withinPortal={false}
      width="target"
      position="bottom-end"
    >
      <Combobox.Target withExpandedAttribute>
        <SearchField
          rightSection={
            long && search.isFetching ? (
              <Loader size="xs" role="status" aria-label={t("adminSearch.searching")} />
            ) : null
          }
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <VisuallyHidden aria-live="polite">
        {count === null ? "" : t("adminSearch.resultCount", { count })}
      </VisuallyHidden>
      <Combobox.Dropdown hidden={text.trim().length < MIN_SEARCH_LENGTH}>
        <Combobox.Options
          mah="min(28rem, 70vh)"
          style={{ overflowY: "auto" }}
          aria-label={t("adminSearch.results")}
        >
          {!result && search.isError && <Combobox.Empty>{t("adminSearch.failed")}</Combobox.Empty>}
          {!result && !search.isError && <Combobox.Empty>{t("adminSearch.searching")}</Combobox.Empty>}
          {current && count === 0 && (
            <Combobox.Empty>{t("adminSearch.noResults", { text: debounced.trim() })}</Combobox.Empty>
          )}
          {companies.length > 0 && (
            <Combobox.Group label={t("adminSearch.companies")}>
              {companies.map((company) => (
                <Combobox.Option key={company.id} value={`company:${company.id}`}>
                  <Text size="sm" fw={600}>
                    {company.name}
                  </Text>
                  {company.businessId && (
                    <Text size="xs" c="dimmed">
                      {company.businessId}
                    </Text>
                  )}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
          {users.length > 0 && (
            <Combobox.Group label={t("adminSearch.users")}>
              {users.map((user) => (
                <Combobox.Option key={user.userId} value={`user:${user.userId}`}>
                  <Text size="sm" fw={600}>
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {user.companyName ? `${user.email} · ${user.companyName}` : user.email}
                  </Text>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
          {orders.length > 0 && (
            <Combobox.Group label={t("adminSearch.orders")}>
              {orders.map((order) => (
                <Combobox.Option key={order.orderId} value={`order:${order.orderId}`}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {t("adminSearch.orderNumber", { number: order.orderNumber })}
                    </Text>
                    <StatusBadge family="order" status={order.orderStatus} />
                  </Group>
                  <Text size="xs" c="dimmed">
                    {`${order.employeeName} · ${order.companyName}`}
                  </Text>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
