/**
 * The app's smaller lazily loaded pages and panels (the login, the forms, the account pages, the header's
 * user actions), re-exported from ONE module so the build makes ONE chunk of them.
 *
 * Why one: with every page imported on its own, rolldown 1.2 cut the code they share into about a hundred
 * files of a few KB each, and on a phone (six requests at a time over HTTP/1.1) the employer's first
 * view took 7.95 s to its largest paint against 5.5 s. Grouping them back with the bundler's own chunk
 * groups (codeSplitting with entriesAware) broke the order in which modules start ("createContext of
 * undefined"), so the grouping is this module. The employer's, the helpdesk's, /mybike's and the store's
 * areas are chunks of their own (routes.tsx): each is large, and a user opens one of them.
 */

import "../lib/mantine-styles.ts";

// Besides the pages: the modules that two or more of the signed-in areas share (the order timeline is
// shown by /mybike, the employer's and the admin's order screens, the page template by all four), so
// that none becomes a file of its own between theirs, some of a few hundred bytes (the bundler bug
// above). A page load asks for each file, and each request costs a phone's main thread some
// milliseconds (CPU four times slower).

export { MODEL_YEAR_MIN } from "../../domain/model-year.ts";
export { packageTotalCents } from "../../domain/order-package.ts";
export { DateField } from "../components/date-field.tsx";
export { FieldLabel } from "../components/field-label.tsx";
export { OrderTimeline } from "../components/order-timeline.tsx";
export { PackageLinesTable } from "../components/package-lines-table.tsx";
export { PageTemplate } from "../components/page-template.tsx";
export { PlaceholderPage } from "../components/placeholder-page.tsx";
export { useTaxLine } from "../components/tax-line.tsx";
export { EmailChangeConfirmPage } from "../features/account/email-change-confirm-page.tsx";
export { OwnDetailsPage } from "../features/account/own-details-page.tsx";
export { UnsubscribePage } from "../features/account/unsubscribe-page.tsx";
export { DeactivatedPage } from "../features/auth/deactivated-page.tsx";
export { LoginPage } from "../features/auth/login-page.tsx";
export { LogoutPage } from "../features/auth/logout-page.tsx";
export { NoRightsPage } from "../features/auth/no-rights-page.tsx";
export { ContactPage } from "../features/contact/contact-page.tsx";
export { HeaderUserActions } from "../features/notifications/header-user-actions.tsx";
export { PasswordRecoveryPage } from "../features/password/password-recovery-page.tsx";
export { PasswordResetPage } from "../features/password/password-reset-page.tsx";
export { PUBLIC_PAGES } from "../features/public/public-pages.ts";
export { JoinConfirmPage } from "../features/registration/join-confirm-page.tsx";
export { JoinPage } from "../features/registration/join-page.tsx";
export { RegisterPage } from "../features/registration/register-page.tsx";
export { useBelowFirstScreen } from "../lib/below-first-screen.ts";
export { usePageNews } from "../lib/whats-new.ts";
export { AdminFrame } from "./admin-frame.tsx";
