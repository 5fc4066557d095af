// The first part of the login's code in the public entry (ADR 023): Zod and the login's contract, whose
// schemas are made as it loads; public/page-tree.tsx loads it before the page's part.
export { authApi } from "../../contract/auth.ts";
export { singleSignOnApi } from "../../contract/single-sign-on.ts";
