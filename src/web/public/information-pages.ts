// The information pages' chunk in the public entry (ADR 023), with the Mantine component styles they
// render; the home page never loads it.
import "../lib/mantine-styles.ts";

export { PUBLIC_PAGES } from "../features/public/public-pages.ts";
