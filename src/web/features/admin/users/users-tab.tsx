/** The UsersTab of the admin area (issue 10); being built. */
export function UsersTab() {
  return null;
}
