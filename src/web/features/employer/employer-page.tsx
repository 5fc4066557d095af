// Through the one chunk of lazy pages, not the placeholder module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { PlaceholderPage } from "../../app/lazy-pages.ts";

/**
 * The employer side (/tyonantaja, /yritys-asetukset, /raportointi) arrives in a later issue; like the
 * admin area it is its own lazy chunk, never part of the anonymous download.
 */
export function EmployerPage() {
  return <PlaceholderPage />;
}
