/** The ApplicationsTab of the admin area (issue 10); being built. */
export function ApplicationsTab() {
  return null;
}
