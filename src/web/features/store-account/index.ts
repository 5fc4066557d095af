// What other features may use of this one: a feature imports another only through its index.
export { StoreAccountPage } from "./store-account-page.tsx";
export { storeAccountFirstData } from "./store-orders-tab.tsx";
