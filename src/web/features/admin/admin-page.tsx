// Through the one chunk of lazy pages, not the frame's module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { AdminFrame } from "../../app/lazy-pages.ts";
import { ContactFormsSection } from "./contact-forms-tab.tsx";

/**
 * The admin area (SPEC §2 admin tabs); the tabs arrive one by one, Contact Forms first. It sits in its
 * own module so its lazy chunk stays separate from everything an anonymous visitor downloads. The header
 * is hidden on admin paths (SPEC §2), so the full-width AdminFrame gives the heading, the theme toggle
 * and the way to log out.
 */
export function AdminPage() {
  return (
    <AdminFrame>
      <ContactFormsSection />
    </AdminFrame>
  );
}
