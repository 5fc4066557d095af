import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import controls from "../../components/controls.module.css";
import { isLanguage } from "../../i18n/i18n.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import classes from "./home-page.module.css";

type Audience = { titleKey: string; textKey: string; linkKey: string; to: string };

const AUDIENCES: readonly Audience[] = [
  {
    titleKey: "routes.forEmployers.title",
    textKey: "home.employersText",
    linkKey: "home.employersLink",
    to: "/tyonantajalle",
  },
  {
    titleKey: "routes.forEmployees.title",
    textKey: "home.employeesText",
    linkKey: "home.employeesLink",
    to: "/tyontekijalle",
  },
  {
    titleKey: "routes.forBikeStores.title",
    textKey: "home.bikeStoresText",
    linkKey: "home.bikeStoresLink",
    to: "/pyoraliikkeelle",
  },
];

const MORE_LINKS: readonly { key: string; to: string }[] = [
  { key: "home.faqLink", to: "/usein-kysytyt-kysymykset" },
  { key: "home.contactLink", to: "/ota-yhteytta" },
  { key: "routes.companyInfo.title", to: "/yritystiedot" },
];

/** The anonymous landing page (SPEC §1): the product, its description, and the way to the public pages. */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(null);
  const lang = useLanguagePrefix();
  const to = (path: string) => (lang ? `/${lang}${path}` : path);
  return (
    <>
      <section className={classes.hero}>
        <div className={clsx(controls.container, classes.heroInner)}>
          <h1 className={clsx(controls.h1, classes.title)}>Pedaali</h1>
          <p className={classes.description}>{t("common.productDescription")}</p>
          <p className={classes.lead}>{t("home.lead")}</p>
          <div className={classes.actions}>
            <AppLink to={to("/laskuri")} className={clsx(controls.cta, controls.ctaPrimary)}>
              {t("home.calculatorLink")}
            </AppLink>
            <AppLink to={to("/kirjaudu")} className={clsx(controls.cta, controls.ctaSecondary)}>
              {t("home.loginLink")}
            </AppLink>
          </div>
        </div>
      </section>
      <div className={clsx(controls.container, controls.page)}>
        <div className={classes.cards}>
          {AUDIENCES.map((a) => (
            <div key={a.to} className={classes.card}>
              <h2 className={clsx(controls.h2, classes.cardTitle)}>{t(a.titleKey)}</h2>
              <p className={classes.cardText}>{t(a.textKey)}</p>
              <AppLink to={to(a.to)} className={clsx(controls.anchor, classes.cardLink)}>
                {t(a.linkKey)}
              </AppLink>
            </div>
          ))}
        </div>
        <nav aria-labelledby="home-more">
          <h2 className={clsx(controls.h2, classes.moreHeading)} id="home-more">
            {t("home.moreHeading")}
          </h2>
          <ul className={classes.moreList}>
            {MORE_LINKS.map((l) => (
              <li key={l.to}>
                <AppLink to={to(l.to)} className={controls.anchor}>
                  {t(l.key)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}

/** The `/{lang}` prefix of the current path, so links stay in the chosen language form. */
function useLanguagePrefix(): string | null {
  const { pathname } = useLocation();
  const prefix = pathname.split("/")[1];
  return isLanguage(prefix) ? prefix : null;
}
