/** The CompaniesTab of the admin area (issue 10); being built. */
export function CompaniesTab() {
  return null;
}
