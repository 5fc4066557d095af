import { PlaceholderPage } from "../../components/placeholder-page.tsx";

/**
 * The employer side (/tyonantaja, /yritys-asetukset, /raportointi) arrives in a later issue; like the
 * admin area it is its own lazy chunk, never part of the anonymous download.
 */
export function EmployerPage() {
  return <PlaceholderPage />;
}
