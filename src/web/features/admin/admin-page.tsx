// Through the one chunk of lazy pages, not the placeholder module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { AdminFrame, PlaceholderPage } from "../../app/lazy-pages.ts";
import { ContactFormsSection } from "./contact-forms-tab.tsx";

/**
 * The admin area (SPEC §2 admin tabs) arrives in a later issue. It already sits in its own module so
 * its lazy chunk stays separate from everything an anonymous visitor downloads. The header is hidden on
 * admin paths (SPEC §2), so the full-width AdminFrame gives the theme toggle and the way to log out.
 */
export function AdminPage() {
  return (
    <AdminFrame>
      <PlaceholderPage />
      <ContactFormsSection />
    </AdminFrame>
  );
}
