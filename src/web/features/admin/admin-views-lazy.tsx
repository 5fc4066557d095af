import { lazy, type ReactNode, Suspense } from "react";
import { PageLoader } from "../../components/page-loader.tsx";

const views = () => import("./admin-views.ts");
type Views = Awaited<ReturnType<typeof views>>;

/** A view of admin-views.ts, whose chunk comes when the first of them is shown. */
export function lazyAdminView<K extends keyof Views>(name: K) {
  return lazy(async () => ({ default: (await views())[name] }));
}

/** Where a view of admin-views.ts shows: the page loader while its chunk comes. */
export function AdminViewSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}
