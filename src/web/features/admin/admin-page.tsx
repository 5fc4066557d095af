import { PlaceholderPage } from "../../components/placeholder-page.tsx";

/**
 * The admin area (SPEC §2 admin tabs) arrives in a later issue. It already sits in its own module so
 * its lazy chunk stays separate from everything an anonymous visitor downloads.
 */
export function AdminPage() {
  return <PlaceholderPage />;
}
