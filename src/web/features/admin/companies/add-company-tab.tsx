/** The AddCompanyTab of the admin area (issue 10); being built. */
export function AddCompanyTab() {
  return null;
}
