import { Anchor, Container, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { RouteId } from "../../domain/routes.ts";
import { ROUTES } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import { CONTACT_DETAILS as C, telHref } from "../lib/contact-details.ts";
import classes from "./app-layout.module.css";

/** SPEC §1 public footer pages (customer service is the contact form). */
const FOOTER_PAGES: readonly RouteId[] = [
  "forEmployers",
  "forEmployees",
  "forBikeStores",
  "contact",
  "calculator",
  "media",
  "faq",
  "privacyPolicy",
  "disclaimer",
  "companyInfo",
];

function pathOf(id: RouteId): string {
  return ROUTES.find((r) => r.id === id)?.path ?? "/";
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li>
      <Text span size="sm" fw={600}>
        {label}:
      </Text>{" "}
      <Text span size="sm">
        {children}
      </Text>
    </li>
  );
}

/** The footer with the operator's contact details (SPEC §1, DESIGN.md §1) and the public pages. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <div className={classes.footerGrid}>
          <section aria-labelledby="footer-contact">
            <Title order={2} size="h5" id="footer-contact" mb="sm">
              {t("footer.contactHeading")}
            </Title>
            <ul className={classes.footerList}>
              <Labelled label={t("footer.email")}>
                <Anchor href={`mailto:${C.email}`} size="sm">
                  {C.email}
                </Anchor>
              </Labelled>
              <Labelled label={t("footer.phone")}>
                <Anchor href={telHref(C.phone)} size="sm">
                  {C.phone}
                </Anchor>
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
            <Title order={2} size="h5" id="footer-company" mb="sm">
              {t("footer.companyHeading")}
            </Title>
            <ul className={classes.footerList}>
              <li>
                <Text span size="sm" fw={600}>
                  {C.company}
                </Text>
              </li>
              <Labelled label={t("footer.businessId")}>{C.businessId}</Labelled>
              <Labelled label={t("footer.taxId")}>{C.taxId}</Labelled>
              <Labelled label={t("footer.eInvoiceAddress")}>{C.eInvoiceAddress}</Labelled>
              <Labelled label={t("footer.operatorId")}>{C.operatorId}</Labelled>
            </ul>
          </section>
          <nav aria-labelledby="footer-links">
            <Title order={2} size="h5" id="footer-links" mb="sm">
              {t("footer.linksHeading")}
            </Title>
            <ul className={classes.footerList}>
              {FOOTER_PAGES.map((id) => (
                <li key={id}>
                  <Anchor component={AppLink} to={pathOf(id)} size="sm">
                    {t(`routes.${id}.title`)}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <Text size="sm" mt="xl">
          {t("footer.copyright", { year: new Date().getFullYear(), company: C.company })}
        </Text>
      </Container>
    </footer>
  );
}
