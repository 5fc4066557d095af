/**
 * The admin area and the employer area, re-exported from ONE module so the build makes ONE chunk of
 * them (its name says both, so the e2e checks that look for admin or employer code still see it).
 *
 * Why together: the two areas share code (the company sections, multi-selects, tabs, the area text
 * loader). As separate chunks, that shared code became a third chunk that reaches the shell's modules,
 * and rolldown's open bug (rolldown/rolldown#10731, see lazy-pages.ts) then moved React and Mantine's
 * provider out of the entry: the anonymous home page went from 148,863 to 150,058 bytes of gzipped
 * JavaScript, over the 150,000 budget. The price is that an employer user also downloads the admin
 * screens' code (about 70 KB gzip for both areas together); the server guards every call either way.
 * Split the areas again once the bundler is fixed.
 */
export { AdminPage, adminFirstData, adminTextsReady } from "../features/admin/admin-page.tsx";
export { EmployerPage, employerFirstData, employerTextsReady } from "../features/employer/employer-page.tsx";
