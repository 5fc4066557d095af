import { useTranslation } from "react-i18next";
import type { Language } from "../../domain/enums.ts";
import { buildPath, type RouteId } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import controls from "../components/controls.module.css";
import { Svg } from "../components/icons.tsx";
import { CONTACT_DETAILS as C, SOCIAL_LINKS, telHref } from "../lib/contact-details.ts";
import classes from "./app-layout.module.css";

/** docs/product.md "Who uses it" public footer pages (customer service is the contact form). */
const FOOTER_PAGES: readonly RouteId[] = [
  "forEmployers",
  "forEmployees",
  "forBikeStores",
  "contact",
  "calculator",
  "media",
  "faq",
  "privacyPolicy",
  "accessibilityStatement",
  "disclaimer",
  "companyInfo",
];

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]["name"], string> = {
  Facebook: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z",
  Instagram:
    "M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zM16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37zM17.5 6.5h.01",
  LinkedIn:
    "M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2zM4 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4z",
};

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li>
      <span className={classes.footerLabel}>{label}:</span> {children}
    </li>
  );
}

/** The footer with the operator's contact details (docs/product.md "Who uses it"), the public pages and social links. */
export function AppFooter({ lang }: { lang: Language | null }) {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <div className={controls.container}>
        <div className={classes.footerGrid}>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={classes.footerHeading}>
              {t("footer.contactHeading")}
            </h2>
            <ul className={classes.footerList}>
              <Labelled label={t("footer.email")}>
                <a href={`mailto:${C.email}`} className={controls.anchor}>
                  {C.email}
                </a>
              </Labelled>
              <Labelled label={t("footer.phone")}>
                <a href={telHref(C.phone)} className={controls.anchor}>
                  {C.phone}
                </a>
              </Labelled>
              <Labelled label={t("footer.openingHours")}>
                {t("footer.openingHoursValue", { hours: C.openingHours })}
              </Labelled>
              <Labelled label={t("footer.address")}>
                {C.streetAddress}, {C.postalAddress}
              </Labelled>
            </ul>
          </section>
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className={classes.footerHeading}>
              {t("footer.companyHeading")}
            </h2>
            <ul className={classes.footerList}>
              <li className={classes.footerLabel}>{C.company}</li>
              <Labelled label={t("footer.businessId")}>{C.businessId}</Labelled>
              <Labelled label={t("footer.taxId")}>{C.taxId}</Labelled>
              <Labelled label={t("footer.eInvoiceAddress")}>{C.eInvoiceAddress}</Labelled>
              <Labelled label={t("footer.operatorId")}>{C.operatorId}</Labelled>
            </ul>
          </section>
          <nav aria-labelledby="footer-links">
            <h2 id="footer-links" className={classes.footerHeading}>
              {t("footer.linksHeading")}
            </h2>
            <ul className={classes.footerList}>
              {FOOTER_PAGES.map((id) => (
                <li key={id}>
                  <AppLink to={buildPath(id, {}, lang)} className={controls.anchor}>
                    {t(`routes.${id}.title`)}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className={classes.footerBottom}>
          <p className={classes.copyright}>
            {t("footer.copyright", { year: new Date().getFullYear(), company: C.company })}
          </p>
          <ul className={classes.social} aria-label={t("footer.social")}>
            {SOCIAL_LINKS.map(({ name, href }) => (
              <li key={name}>
                <a href={href} className={classes.socialLink} rel="noopener noreferrer">
                  <span className={classes.srOnly}>{name}</span>
                  <Svg size={20}>
                    <path d={SOCIAL_ICONS[name]} />
                  </Svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
