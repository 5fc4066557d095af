// Through the one chunk of lazy pages, not the placeholder module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { PlaceholderPage } from "../../app/lazy-pages.ts";

/**
 * The admin area (SPEC §2 admin tabs) arrives in a later issue. It already sits in its own module so
 * its lazy chunk stays separate from everything an anonymous visitor downloads.
 */
export function AdminPage() {
  return <PlaceholderPage />;
}
