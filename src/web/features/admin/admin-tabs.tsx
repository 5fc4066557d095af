import { Group, Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ADMIN_TABS, type AdminTab } from "./admin-nav.ts";

/**
 * The admin area's tabs (admin-nav.ts, in their order) with the open one's panel: the area itself
 * (admin-page.tsx) and its first view in the HTML (admin-first-view.tsx) draw the same. Every tab has
 * its panel, since aria-controls must point at one; only the open one has content.
 */
export function AdminTabs({
  tab,
  contactFormsBadge,
  onChange,
  children,
}: {
  tab: AdminTab;
  /** The unchecked contact forms' count beside that tab's name (contact-forms-tab.tsx). */
  contactFormsBadge?: ReactNode;
  onChange?: (tab: AdminTab) => void;
  /** The open tab's content. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // "Contact Forms" is the same in every language (docs/product.md "Screens"). Its count's badge, taller
  // than the name, stands out of the name's line rather than making the row of tabs taller: the row is as
  // high with a count as the first view draws it without one.
  const label = (value: AdminTab) =>
    value === "contactForms" ? (
      <Group gap={6} wrap="nowrap" component="span" h="1lh">
        <span>{t("adminContactForms.tab")}</span>
        {contactFormsBadge}
      </Group>
    ) : (
      t(`adminShell.tabs.${value}`)
    );
  return (
    <Tabs value={tab} onChange={(value) => value && onChange?.(value as AdminTab)} keepMounted={false}>
      <Tabs.List>
        {ADMIN_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {label(value)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {ADMIN_TABS.map((value) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {value === tab && children}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
