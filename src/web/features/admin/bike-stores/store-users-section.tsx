import { Button, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TBikeStore } from "../../../../contract/bike-stores.ts";
import type { TStoreUser } from "../../../../contract/store-accounts.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { ACTIONS_ACCESSOR } from "../../../components/data-table-parts.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { filtersFromAddress, useFilterParams, zPageOnly } from "../../../lib/filter-params.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { STORE_USERS_PAGE_SIZE, useRemoveStoreUser, useStoreUsers } from "./bike-stores-api.ts";
import { InviteStoreUserDialog } from "./store-user-invite.tsx";

const nameOf = (user: TStoreUser) => `${user.firstName} ${user.lastName}`;

/** The keys of the store page's users list in the address (the page shows the store's payables too). */
const KEYS = { prefix: "users" };

/**
 * Liikkeen käyttäjät: the people who log in to the store's own account (/pyoraliike) to see its orders,
 * details and payouts. The helpdesk invites them and removes them, the latter after asking: a removed
 * user no longer reaches the store at once.
 */
export function StoreUsersSection({ store }: { store: TBikeStore }) {
  const { t } = useTranslation();
  const { params, update } = useFilterParams(KEYS);
  const { page } = filtersFromAddress(zPageOnly, params, KEYS).values;
  const [inviting, setInviting] = useState(false);
  const users = useStoreUsers(store.bikeStoreId, page);
  const dialog = useActionDialog<TStoreUser>(useRemoveStoreUser(store.bikeStoreId));
  const removing = dialog.current;

  function remove() {
    if (!removing) return;
    dialog.run(removing.userId, () =>
      showSuccessToast(t("adminBikeStores.users.removed", { name: nameOf(removing) })),
    );
  }

  return (
    <SectionCard
      title={t("adminBikeStores.users.title")}
      description={t("adminBikeStores.users.description")}
      headingOrder={3}
      actions={<Button onClick={() => setInviting(true)}>{t("adminBikeStores.users.invite")}</Button>}
    >
      <DataTable<TStoreUser>
        label={t("adminBikeStores.users.title")}
        idAccessor="userId"
        {...pageQueryProps(users)}
        page={page}
        pageSize={STORE_USERS_PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        empty={{ text: t("adminBikeStores.users.empty") }}
        columns={[
          {
            accessor: "lastName",
            title: t("adminBikeStores.users.name"),
            render: (user) => (
              <>
                {nameOf(user)}{" "}
                {user.deactivated && <ToneBadge tone="neutral">{t("adminBikeStores.inactive")}</ToneBadge>}
              </>
            ),
          },
          { accessor: "email", title: t("adminBikeStores.users.email") },
          {
            accessor: "addedAt",
            title: t("adminBikeStores.users.added"),
            render: (user) => formatDate(user.addedAt),
          },
          {
            accessor: ACTIONS_ACCESSOR,
            title: t("adminBikeStores.users.actions"),
            textAlign: "right",
            render: (user) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => dialog.open(user)}
                aria-label={t("adminBikeStores.users.removeFor", { name: nameOf(user) })}
              >
                {t("adminBikeStores.users.remove")}
              </Button>
            ),
          },
        ]}
      />
      <InviteStoreUserDialog
        storeId={store.bikeStoreId}
        storeName={store.storeName}
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={({ user, created }) => {
          setInviting(false);
          update({ page: "" });
          showSuccessToast(
            created
              ? t("adminBikeStores.users.invited", { name: nameOf(user), email: user.email })
              : t("adminBikeStores.users.bound", { name: nameOf(user), store: store.storeName }),
          );
        }}
      />
      <ActionDialog
        {...dialog.props(removing !== null)}
        title={t("adminBikeStores.users.removeTitle", { name: removing ? nameOf(removing) : "" })}
        confirmLabel={t("adminBikeStores.users.removeConfirm")}
        errorTitle={t("adminBikeStores.users.removeFailed")}
        onConfirm={remove}
      >
        <Text>{t("adminBikeStores.users.removeText", { store: store.storeName })}</Text>
      </ActionDialog>
    </SectionCard>
  );
}
