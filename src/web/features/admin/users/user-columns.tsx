import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DataTableColumn, DataTableProps } from "../../../components/data-table.tsx";
import { useAdminNav } from "../admin-nav.ts";

type UserRow = { userId: string; firstName: string; lastName: string };

/**
 * What every table of users shares: the name as a link to the user's page (for the keyboard) and a
 * click anywhere on the row opening the same page.
 */
export function useUserRows<T extends UserRow>(): {
  nameColumn: DataTableColumn<T>;
  onRowClick: NonNullable<DataTableProps<T>["onRowClick"]>;
} {
  const { t } = useTranslation();
  const { go, pathOf } = useAdminNav();
  return {
    nameColumn: {
      accessor: "name",
      title: t("adminUsers.name"),
      render: (r) => (
        <Anchor component={Link} to={pathOf("users", r.userId)} fw={600} size="sm">
          {`${r.firstName} ${r.lastName}`}
        </Anchor>
      ),
    },
    onRowClick: ({ record, event }) => {
      // The name is a link of its own; a click on it navigates once.
      if ((event.target as HTMLElement).closest("a")) return;
      go("users", record.userId);
    },
  };
}
