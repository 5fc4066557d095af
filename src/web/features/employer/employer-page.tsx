// Through the one chunk of lazy pages, not the landing module itself: a second chunk that shares the
// shell's libraries would split the entry chunk (see app/lazy-pages.ts).
import { AreaLandingPage } from "../../app/lazy-pages.ts";

/**
 * The employer side (/tyonantaja, /yritys-asetukset, /raportointi) arrives in a later issue; like the
 * admin area it is its own lazy chunk, never part of the anonymous download. Until then each route shows
 * its landing page with the next steps.
 */
export function EmployerPage() {
  return <AreaLandingPage />;
}
