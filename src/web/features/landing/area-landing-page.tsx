import { Anchor, Box, Button, List, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkPathAccess } from "../../../domain/access.ts";
import { AppLink } from "../../components/app-link.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { useRouteId } from "../../components/placeholder-page.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useSession } from "../../lib/session.ts";
import { AREA_LANDINGS, isLandingRoute, type NextStep } from "./area-landings.ts";

function StepCard({ step }: { step: NextStep }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t(`landing.steps.${step.key}.title`)} headingOrder={3}>
      <Text size="sm">{t(`landing.steps.${step.key}.text`)}</Text>
      <Anchor component={AppLink} to={step.to} fw={600}>
        {t(`landing.steps.${step.key}.link`)}
      </Anchor>
    </SectionCard>
  );
}

/**
 * The landing page of an area whose screens come in a later issue (/bikeBrokerageService...):
 * the page template with what the area will hold, an empty state that names the next step, and the
 * steps the reader can take today, leaving out pages their roles do not open.
 */
export function AreaLandingPage() {
  const { t } = useTranslation();
  const { accessUser, user } = useSession();
  const routeId = useRouteId();
  if (!routeId || !isLandingRoute(routeId)) return null;
  const landing = AREA_LANDINGS[routeId];
  // A public page (the calculator) is open to all; links to role pages show only to those who may open them.
  const open = (step: NextStep) => checkPathAccess(step.to, accessUser) === "allow";
  const emptyAction = open(landing.empty);
  // The step the empty state already offers is not repeated below it.
  const steps = landing.next.filter((step) => open(step) && !(emptyAction && step.key === landing.empty.key));
  // An employer-side user acts for one or more companies (their roles, a group admin's whole group).
  const companies = user?.companies ?? [];
  return (
    <PageTemplate title={t(`routes.${routeId}.title`)} description={t(`landing.${routeId}.description`)}>
      {companies.length > 0 && (
        <Box mb="md">
          <SectionCard title={t("landing.yourCompanies")}>
            <Text size="sm">{t("landing.yourCompaniesText")}</Text>
            <List aria-label={t("landing.yourCompanies")} mt="xs">
              {companies.map((company) => (
                <List.Item key={company.id}>{company.name}</List.Item>
              ))}
            </List>
          </SectionCard>
        </Box>
      )}
      <SectionCard title={t(`landing.${routeId}.mainTitle`)}>
        <EmptyState
          text={t(`landing.${routeId}.empty`)}
          action={
            emptyAction && (
              <Button component={AppLink} to={landing.empty.to} variant="light">
                {t(`landing.steps.${landing.empty.key}.link`)}
              </Button>
            )
          }
        />
      </SectionCard>
      {steps.length > 0 && (
        <section aria-labelledby="landing-next-steps">
          <Text component="h2" id="landing-next-steps" fw={700} fz="h3" mt="xl" mb="md">
            {t("landing.nextSteps")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {steps.map((step) => (
              <StepCard key={step.key} step={step} />
            ))}
          </SimpleGrid>
        </section>
      )}
    </PageTemplate>
  );
}
