import type { ComponentType } from "react";
import type { RouteId } from "../../../domain/routes.ts";
import { AccessibilityStatementPage } from "./accessibility-statement-page.tsx";
import { AnnouncementPage } from "./announcement-page.tsx";
import { CompanyInfoPage } from "./company-info-page.tsx";
import { DisclaimerPage } from "./disclaimer-page.tsx";
import { FaqPage } from "./faq-page.tsx";
import { ForBikeStoresPage } from "./for-bike-stores-page.tsx";
import { ForEmployeesPage } from "./for-employees-page.tsx";
import { ForEmployersPage } from "./for-employers-page.tsx";
import { MaintenancePage } from "./maintenance-page.tsx";
import { MediaPage } from "./media-page.tsx";
import { PrivacyPolicyPage } from "./privacy-policy-page.tsx";

/**
 * The public information pages of docs/product.md "Screens" (employers, employees, bike stores, company info, FAQ, media,
 * privacy policy, accessibility statement, disclaimer, announcement, maintenance), by route id. A route listed here renders
 * its page; the others keep the placeholder until their feature is built.
 */
export const PUBLIC_PAGES: Partial<Record<RouteId, ComponentType>> = {
  forEmployers: ForEmployersPage,
  forEmployees: ForEmployeesPage,
  forBikeStores: ForBikeStoresPage,
  companyInfo: CompanyInfoPage,
  faq: FaqPage,
  media: MediaPage,
  privacyPolicy: PrivacyPolicyPage,
  accessibilityStatement: AccessibilityStatementPage,
  disclaimer: DisclaimerPage,
  announcement: AnnouncementPage,
  maintenance: MaintenancePage,
};
