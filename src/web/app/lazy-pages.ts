/**
 * Every lazily loaded page and panel that shares code with the entry chunk, re-exported from ONE module so
 * the build makes ONE chunk of them.
 *
 * Why one: rolldown 1.2.x (Vite 8) has an open bug (rolldown/rolldown#10731, "module already loaded by the
 * entry is emitted as a separate chunk"): once two or more dynamically imported chunks use modules that the
 * entry also uses (React, Mantine, react-router, react-i18next...), those modules move out of the entry into
 * common chunks, and the anonymous home page pays ~8 KB gzip more for the same code (docs/design.md "Weight" budget).
 * With a single such chunk the entry stays whole. Admin and employer code stays in one chunk of its own
 * (employer-and-admin-pages.ts, for the same bug) that reaches the shell's modules only through this one.
 * Split this again once the bundler is fixed.
 */

import "../lib/mantine-styles.ts";

// The order timeline is shown by /mybike, the employer's and the admin's order screens: kept here so it
// does not become a chunk of its own between theirs (the bundler bug above).
export { OrderTimeline } from "../components/order-timeline.tsx";
export { PlaceholderPage } from "../components/placeholder-page.tsx";
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
export { AdminFrame } from "./admin-frame.tsx";
