import { Anchor, Container, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CONTACT_DETAILS as C, telHref } from "../../lib/contact-details.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import classes from "./deactivated-page.module.css";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={classes.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * /deactivated (docs/product.md "Screens", docs/product.md "States"): where a deactivated account lands after login, with the product's contact
 * details (docs/product.md "Who uses it") so the user knows whom to ask. The layout shows the header with an empty menu.
 */
export function DeactivatedPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.deactivated.title"));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("routes.deactivated.title")}</Title>
        <Text size="lg">{t("deactivated.text")}</Text>
        <Text>{t("deactivated.contactUs")}</Text>
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <section aria-labelledby="deactivated-contact">
              <Title order={2} size="h4" id="deactivated-contact" mb="sm">
                {t("footer.contactHeading")}
              </Title>
              <dl className={classes.list}>
                <Row label={t("footer.email")}>
                  <Anchor href={`mailto:${C.email}`} inherit>
                    {C.email}
                  </Anchor>
                </Row>
                <Row label={t("footer.phone")}>
                  <Anchor href={telHref(C.phone)} inherit>
                    {C.phone}
                  </Anchor>
                </Row>
                <Row label={t("footer.openingHours")}>
                  {t("footer.openingHoursValue", { hours: C.openingHours })}
                </Row>
                <Row label={t("footer.address")}>
                  {C.streetAddress}, {C.postalAddress}
                </Row>
              </dl>
            </section>
            <section aria-labelledby="deactivated-company">
              <Title order={2} size="h4" id="deactivated-company" mb="sm">
                {C.company}
              </Title>
              <dl className={classes.list}>
                <Row label={t("footer.businessId")}>{C.businessId}</Row>
                <Row label={t("footer.taxId")}>{C.taxId}</Row>
                <Row label={t("footer.eInvoiceAddress")}>{C.eInvoiceAddress}</Row>
                <Row label={t("footer.operatorId")}>{C.operatorId}</Row>
              </dl>
            </section>
          </SimpleGrid>
        </Paper>
      </Stack>
    </Container>
  );
}
