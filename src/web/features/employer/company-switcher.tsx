import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSelectedCompany } from "./selected-company.ts";

/**
 * Switches the company a single-company employer page shows, for users who act for more than one (a
 * group admin's group, a person with roles in several companies). Shows nothing to everyone else.
 */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const { companies, company, select } = useSelectedCompany();
  if (companies.length < 2 || !company) return null;
  return (
    <Select
      label={t("employerShell.company")}
      data={companies.map((c) => ({ value: c.id, label: c.name }))}
      value={company.id}
      onChange={(value) => value && select(value)}
      allowDeselect={false}
      w={{ base: "100%", sm: 320 }}
    />
  );
}
