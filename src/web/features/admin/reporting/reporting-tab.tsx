/** The ReportingTab of the admin area (issue 10); being built. */
export function ReportingTab() {
  return null;
}
