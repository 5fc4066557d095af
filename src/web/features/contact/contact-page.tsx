import { PlaceholderPage } from "../../components/placeholder-page.tsx";

/** The contact form of /ota-yhteytta (SPEC §2). */
export function ContactPage() {
  return <PlaceholderPage />;
}
