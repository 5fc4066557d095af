import { Badge, Group } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ADMIN_ROLES, isRoleName, type RoleName } from "../../../../domain/roles.ts";
import { ToneBadge } from "../../../components/status-badge.tsx";

/** The built-in roles' names in the reader's language, spelled out so the catalogue check sees each key. */
const ROLE_LABELS: Record<RoleName, string> = {
  SUPER_ADMIN: "adminRoles.names.SUPER_ADMIN",
  INTERNAL_ADMIN: "adminRoles.names.INTERNAL_ADMIN",
  EMPLOYER_ADMIN: "adminRoles.names.EMPLOYER_ADMIN",
  EMPLOYER_EDITOR: "adminRoles.names.EMPLOYER_EDITOR",
  EMPLOYER_GROUP_ADMIN: "adminRoles.names.EMPLOYER_GROUP_ADMIN",
  EMPLOYER_REPORTING: "adminRoles.names.EMPLOYER_REPORTING",
  BIKE_STORE: "adminRoles.names.BIKE_STORE",
  BIKE_BENEFICIARY: "adminRoles.names.BIKE_BENEFICIARY",
};

/** A role as people call it; a role an admin created keeps the name it was given. */
export function roleLabel(t: TFunction, name: string): string {
  return isRoleName(name) ? t(ROLE_LABELS[name]) : name;
}

/** The admin tier (docs/product.md "Roles") holds its roles globally, in no company. */
export function isGlobalRole(name: string): boolean {
  return isRoleName(name) && ADMIN_ROLES.includes(name);
}

/** A user's roles as badges. */
export function RoleBadges({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {roles.map((name) => (
        <Badge key={name} variant="light" size="sm" style={{ textTransform: "none" }}>
          {roleLabel(t, name)}
        </Badge>
      ))}
    </Group>
  );
}

/** Käytössä / Poistettu käytöstä in the status badge's look (design.md "StatusBadge"). */
export function UserStatusBadge({ deactivated }: { deactivated: boolean }) {
  const { t } = useTranslation();
  return deactivated ? (
    <ToneBadge tone="neutral">{t("adminUsers.deactivated")}</ToneBadge>
  ) : (
    <ToneBadge tone="success">{t("adminUsers.active")}</ToneBadge>
  );
}
