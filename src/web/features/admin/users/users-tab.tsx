import { Button, Group, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAdminNav } from "../admin-nav.ts";
import { RolePage } from "./role-page.tsx";
import { RolesPage } from "./roles-page.tsx";
import { ROLES_SEGMENT } from "./user-access.ts";
import { UserPage } from "./user-page.tsx";
import { UsersList } from "./users-list.tsx";

/** The switch between the users and the roles at the top of the tab: links, so the back button works. */
function UsersTabNav({ current }: { current: "users" | "roles" }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const link = (value: "users" | "roles", to: string, label: string) => (
    <Button
      component={Link}
      to={to}
      variant={current === value ? "light" : "subtle"}
      aria-current={current === value ? "page" : undefined}
      size="sm"
    >
      {label}
    </Button>
  );
  return (
    <Group component="nav" aria-label={t("adminUsers.navLabel")} gap="xs">
      {link("users", pathOf("users"), t("adminUsers.navUsers"))}
      {link("roles", pathOf("users", ROLES_SEGMENT), t("adminUsers.navRoles"))}
    </Group>
  );
}

/**
 * The admin's Käyttäjät tab (docs/product.md "Screens", docs/product.md "Roles", docs/api-surface.md "Auth and users", "Roles"): the
 * system users (/admin/kayttajat), one user (/admin/kayttajat/<userId>), the roles and permissions
 * (/admin/kayttajat/roolit) and one role (/admin/kayttajat/roolit/<roleId>).
 */
export function UsersTab() {
  const { rest } = useAdminNav();
  const [first, second] = rest;
  const onRoles = first === ROLES_SEGMENT;
  return (
    <Stack gap="md">
      <UsersTabNav current={onRoles ? "roles" : "users"} />
      {onRoles ? (
        second ? (
          <RolePage key={second} roleId={second} />
        ) : (
          <RolesPage />
        )
      ) : first ? (
        <UserPage key={first} userId={first} />
      ) : (
        <UsersList />
      )}
    </Stack>
  );
}
