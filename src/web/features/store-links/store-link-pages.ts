/**
 * The bike store's link pages, one lazy chunk of their own. Loads the shared pages
 * chunk first, as /mybike does: otherwise the bundler splits the shell's modules out of the home page's
 * entry (rolldown#10731, see app/lazy-pages.ts).
 */
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";
export { StoreAccountPage, storeAccountFirstData } from "../store-account/index.ts";
export { StoreDeliveryPage } from "./store-delivery-page.tsx";
export { StorePackagePage } from "./store-package-page.tsx";
