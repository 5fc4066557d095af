import type { Ref } from "react";
import { Link, type LinkProps } from "react-router";
import { matchRoute } from "../../domain/routes.ts";

export type AppLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

/**
 * A router link that follows docs/product.md "Screens": paths the route table marks `fullPageLoad` (/laskuri,
 * /bikeBrokerageService, /kayttaja) are entered with a full page load instead of a client navigation.
 */
export function AppLink({ to, reloadDocument, ...rest }: AppLinkProps) {
  const pathname = typeof to === "string" ? to : (to.pathname ?? "");
  const fullPageLoad = matchRoute(pathname)?.route.fullPageLoad === true;
  return <Link to={to} reloadDocument={reloadDocument ?? fullPageLoad} {...rest} />;
}
