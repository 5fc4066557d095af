/** The bike store's link pages and its own account, one lazy chunk of their own. */
/** The pages' texts (i18n/store-links-texts.ts), which the routes await before they render a page. */
export { ensureStoreLinkTexts as storeLinkTextsReady } from "../../i18n/store-links-texts.ts";
export { StoreAccountPage } from "./store-account-page.tsx";
export { StoreDeliveryPage } from "./store-delivery-page.tsx";
export { storeAccountFirstData } from "./store-orders-tab.tsx";
export { StorePackagePage } from "./store-package-page.tsx";
