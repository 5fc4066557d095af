import type { ComponentType } from "react";
import type { RouteId } from "../../../domain/routes.ts";

/**
 * The public information pages of SPEC §2 (employers, employees, bike stores, company info, FAQ, media,
 * privacy policy, disclaimer, announcement, maintenance...), by route id. A route listed here renders
 * its page; the others keep the placeholder until their feature is built.
 */
export const PUBLIC_PAGES: Partial<Record<RouteId, ComponentType>> = {};
