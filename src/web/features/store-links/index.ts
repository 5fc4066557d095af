// What other features may use of this one: a feature imports another only through its index.
export { PackageForm } from "./package-form.tsx";
export { StorePackageTable } from "./store-link-common.tsx";
