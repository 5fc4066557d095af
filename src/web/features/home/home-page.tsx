import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { homePathFor } from "../../../domain/access.ts";
import { LEASING_COMPANY_NAMES } from "../../../domain/leasing-company-names.ts";
import type { Language } from "../../../domain/locale.ts";
import { formatEurosInText } from "../../../domain/money-text.ts";
import { buildPath, matchRoute, type RouteId } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import controls from "../../components/controls.module.css";
import { Svg } from "../../components/icons.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useSession } from "../../lib/session.ts";
import { HeroIllustration } from "./hero-illustration.tsx";
import classes from "./home-page.module.css";

type Audience = { titleKey: string; textKey: string; linkKey: string; route: RouteId; icon: string };

const AUDIENCES: readonly Audience[] = [
  {
    titleKey: "routes.forEmployers.title",
    textKey: "home.employersText",
    linkKey: "home.employersLink",
    route: "forEmployers",
    // An office building.
    icon: "M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16m0-12h3a1 1 0 0 1 1 1v11M2 21h20M8 7h4m-4 4h4m-4 4h4",
  },
  {
    titleKey: "routes.forEmployees.title",
    textKey: "home.employeesText",
    linkKey: "home.employeesLink",
    route: "forEmployees",
    // A person.
    icon: "M16 8a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM4 21a8 8 0 0 1 16 0",
  },
  {
    titleKey: "routes.forBikeStores.title",
    textKey: "home.bikeStoresText",
    linkKey: "home.bikeStoresLink",
    route: "forBikeStores",
    // A shop front with an awning.
    icon: "M3 9l1.5-5h15L21 9M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v9h14v-9m-9 9v-5h4v5",
  },
];

/** The four steps of the benefit, from the employer joining to the end of the lease. */
export const HOME_STEPS: readonly { title: string; text: string }[] = [
  { title: "home.step1.title", text: "home.step1.text" },
  { title: "home.step2.title", text: "home.step2.text" },
  { title: "home.step3.title", text: "home.step3.text" },
  { title: "home.step4.title", text: "home.step4.text" },
];

/**
 * The calculator's answer (src/domain/calculator) for its default lease terms, in cents: a 2 000 € package
 * (VAT included) over 36 months at 4.9 % interest with a 5 % redemption price, insurance 6 % of the
 * price a year, a 12 € maintenance budget and a 5 € service fee a month; 3 800 €/month in Helsinki.
 * Agreed in 2026 the benefit is taxable, so net pay falls by the whole payment; agreed before 24.4.2025
 * it keeps 1 200 € a year tax-free. home-page.test.ts holds these figures to the calculator's.
 */
export const COST_EXAMPLE = {
  packageCents: 200_000,
  months: 36,
  monthlyCents: 8_427,
  financingCents: 5_727,
  insuranceCents: 1_000,
  maintenanceCents: 1_200,
  serviceFeeCents: 500,
  redemptionCents: 10_000,
  salaryCents: 380_000,
  grandfatheredNetCostCents: 4_970,
} as const;

/** the partners of docs/product.md "Constants", shown by name as a text strip (no logos: they are not ours to use). */
const PARTNER_NAMES = [
  "Gobybike Finland Oy",
  "Vapaus Bikes Finland Oy",
  "Epassi Finland Oy",
  "Fleet Innovation Oy",
  "Bikelink Oy",
  "Electrobike",
  "3stepit",
] as const;

/**
 * The anonymous landing page (docs/product.md "Who uses it"): what Pedaali does and for whom, the three audiences, how the
 * benefit works, an honest 2026 cost example and the leasing companies and partners. In the entry chunk,
 * so it uses plain elements and one CSS module, not Mantine components (docs/design.md "Weight" budget).
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(null);
  // The `/{lang}` prefix of the path, so links stay in the chosen language form.
  const lang = matchRoute(useLocation().pathname)?.lang ?? null;
  const to = (route: RouteId, hash = "") => `${buildPath(route, {}, lang)}${hash}`;
  // i18n answers only the languages it was set up with (i18n.ts supportedLngs).
  const money = (cents: number) => formatEurosInText(cents, i18n.resolvedLanguage as Language);
  const ex = COST_EXAMPLE;
  // A logged-in visitor is offered their own start page first, the one login takes them to (docs/product.md "States").
  const { accessUser } = useSession();
  const ownStart = accessUser && !accessUser.deactivated ? homePathFor(accessUser.roles) : null;
  const primary = `${controls.cta} ${controls.ctaPrimary}`;
  const secondary = `${controls.cta} ${controls.ctaSecondary}`;
  return (
    <>
      <section className={classes.hero} aria-labelledby="home-title">
        <div className={`${controls.container} ${classes.heroInner}`}>
          <div>
            <p className={classes.eyebrow}>{t("common.productDescription")}</p>
            <h1 className={`${controls.h1} ${classes.title}`} id="home-title">
              {t("home.title")}
            </h1>
            <p className={classes.subtitle}>{t("home.subtitle")}</p>
            <p className={classes.actions}>
              {ownStart && (
                <AppLink to={ownStart} className={primary}>
                  {t("home.ownStartLink")}
                </AppLink>
              )}
              <AppLink to={to("calculator")} className={ownStart ? secondary : primary}>
                {t("home.calculatorLink")}
              </AppLink>
              {!ownStart && (
                <AppLink to={to("forEmployers")} className={secondary}>
                  {t("home.employersCta")}
                </AppLink>
              )}
            </p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <div className={`${controls.container} ${classes.sections}`}>
        <Part id="home-audiences" heading={t("home.audiencesHeading")}>
          <ul className={classes.cards}>
            {AUDIENCES.map((a) => (
              <li key={a.route}>
                <Icon d={a.icon} />
                <h3>{t(a.titleKey)}</h3>
                <p>{t(a.textKey)}</p>
                <AppLink to={to(a.route)} className={controls.anchor}>
                  {t(a.linkKey)}
                </AppLink>
              </li>
            ))}
          </ul>
        </Part>

        <Part id="home-steps" heading={t("home.stepsHeading")}>
          <ol className={classes.steps}>
            {HOME_STEPS.map((step, i) => (
              <li key={step.title}>
                <span aria-hidden="true">{i + 1}</span>
                <h3>{t(step.title)}</h3>
                <p>{t(step.text)}</p>
              </li>
            ))}
          </ol>
        </Part>

        <Part id="home-cost" heading={t("home.cost.heading")} className={classes.cost}>
          <div className={classes.figure}>
            <span>{t("home.cost.badge")}</span>
            <p>
              <strong>{money(ex.monthlyCents)}</strong> {t("home.cost.perMonth")}
            </p>
          </div>
          <div className={classes.costText}>
            <h3>{t("home.cost.assumptionsHeading")}</h3>
            <ul className={classes.assumptions}>
              <li>{t("home.cost.package", { price: money(ex.packageCents), months: ex.months })}</li>
              <li>
                {t("home.cost.extra", {
                  financing: money(ex.financingCents),
                  insurance: money(ex.insuranceCents),
                  maintenance: money(ex.maintenanceCents),
                  fee: money(ex.serviceFeeCents),
                  redemption: money(ex.redemptionCents),
                })}
              </li>
              <li>{t("home.cost.employer")}</li>
            </ul>
            <p>
              {t("home.cost.tax", {
                salary: money(ex.salaryCents),
                amount: money(ex.grandfatheredNetCostCents),
              })}
            </p>
            <p className={classes.note}>{t("home.cost.notOffer")}</p>
            <p className={classes.links}>
              <AppLink
                to={`${to("calculator")}?price=2000&accessories=0&salary=3800`}
                className={controls.anchor}
              >
                {t("home.cost.calculatorLink")}
              </AppLink>
              <AppLink to={to("faq", "#tax")} className={controls.anchor}>
                {t("home.cost.faqLink")}
              </AppLink>
              <AppLink to={to("announcement")} className={controls.anchor}>
                {t("home.cost.announcementLink")}
              </AppLink>
            </p>
          </div>
        </Part>

        <Part id="home-partners" heading={t("home.partnersHeading")} className={classes.partners}>
          <dl>
            <div>
              <dt>{t("home.leasingCompanies")}</dt>
              {LEASING_COMPANY_NAMES.map((name) => (
                <dd key={name}>{name}</dd>
              ))}
            </div>
            <div>
              <dt>{t("home.partners")}</dt>
              {PARTNER_NAMES.map((name) => (
                <dd key={name}>{name}</dd>
              ))}
            </div>
          </dl>
        </Part>
      </div>
    </>
  );
}

/** A section of the page, named by its h2. */
function Part({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 className={controls.h2} id={id}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** An audience's icon, drawn on the shell's icon grid (components/icons.tsx). */
function Icon({ d }: { d: string }) {
  return (
    <Svg size={24}>
      <path d={d} />
    </Svg>
  );
}
