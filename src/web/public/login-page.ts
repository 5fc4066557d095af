// The login's chunk in the public entry (ADR 023): its page and the Mantine component styles it renders,
// loaded by /kirjaudu only; its schemas come first, in public/login-schemas.ts.
import "../lib/mantine-styles.ts";

export { LoginPage } from "../features/auth/login-page.tsx";
