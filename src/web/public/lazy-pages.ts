/**
 * Stands in for app/lazy-pages.ts in the public entry's build (ADR 023): the header loads the
 * logged-in user's bell and menu from there, and a logged-in visitor's page is the app's to render
 * (public-main.tsx), so the public entry never shows them.
 */
export function HeaderUserActions(_props: { user: unknown }): null {
  return null;
}

/** Named by the calculator's page only to tie the app's chunks together (calculator-page.tsx). */
export function PlaceholderPage(): null {
  return null;
}
