import { Anchor, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import controls from "../../components/controls.module.css";
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
  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <Stack gap="md" maw={720}>
            <Title order={1} className={classes.title}>
              Pedaali
            </Title>
            <Text className={classes.description}>{t("common.productDescription")}</Text>
            <Text size="lg">{t("home.lead")}</Text>
            <Group gap="sm" mt="sm">
              <AppLink to="/laskuri" className={clsx(controls.cta, controls.ctaPrimary)}>
                {t("home.calculatorLink")}
              </AppLink>
              <AppLink to="/kirjaudu" className={clsx(controls.cta, controls.ctaSecondary)}>
                {t("home.loginLink")}
              </AppLink>
            </Group>
          </Stack>
        </Container>
      </section>
      <Container size="lg" py="xl">
        <div className={classes.cards}>
          {AUDIENCES.map((a) => (
            <Paper key={a.to} withBorder p="lg" radius="md" className={classes.card}>
              <Title order={2} size="h3">
                {t(a.titleKey)}
              </Title>
              <Text>{t(a.textKey)}</Text>
              <Anchor component={AppLink} to={a.to} fw={600}>
                {t(a.linkKey)}
              </Anchor>
            </Paper>
          ))}
        </div>
        <nav aria-labelledby="home-more">
          <Title order={2} size="h4" id="home-more" mt="xl" mb="sm">
            {t("home.moreHeading")}
          </Title>
          <ul className={classes.moreList}>
            {MORE_LINKS.map((l) => (
              <li key={l.to}>
                <Anchor component={AppLink} to={l.to}>
                  {t(l.key)}
                </Anchor>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </>
  );
}
