import {
  Alert,
  Container,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountApi } from "../../../contract/account.ts";
import { mayUseAuthenticator } from "../../../domain/authenticator.ts";
import { THEMES, type Theme } from "../../../domain/enums.ts";
import { isRoleName } from "../../../domain/roles.ts";
import { EmploymentInvitationsCard } from "../../components/employment-invitations-card.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { Segments } from "../../components/segments.tsx";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { refreshSession, useSession } from "../../lib/session.ts";
import { Authenticator } from "./authenticator-section.tsx";
import { MunicipalityAndChurch } from "./municipality-section.tsx";
import { NotificationPreferences } from "./notification-preferences-section.tsx";
import classes from "./own-details-page.module.css";
import { Feedback, Section } from "./own-details-parts.tsx";
import { PersonalData } from "./personal-data-section.tsx";
import { PersonalDetails } from "./personal-details-section.tsx";
import { Phone } from "./phone-section.tsx";
import { Sessions } from "./sessions-section.tsx";
import { WorkEmail } from "./work-email-section.tsx";

function Appearance() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const [previous, setPrevious] = useState<Theme | null>(null);
  const save = useMutation({
    mutationFn: (theme: Theme) =>
      callEndpoint(accountApi.updateOwnPreferences, { body: { preferences: { theme } } }),
    meta: { silent: true },
    onSuccess: () => refreshSession(queryClient),
    onError: () => {
      // The switch shows what is stored: go back to the scheme before the failed change.
      if (previous) setColorScheme(previous);
    },
  });
  const themeLabels: Record<Theme, string> = {
    light: t("ownDetails.themeLight"),
    dark: t("ownDetails.themeDark"),
  };
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.appearanceTitle")}
      intro={t("ownDetails.appearanceIntro")}
    >
      <Stack gap="md">
        <fieldset className={classes.fieldset}>
          <Text component="legend" size="sm" fw={500} mb={4}>
            {t("ownDetails.theme")}
          </Text>
          <Segments
            value={scheme}
            disabled={save.isPending}
            data={THEMES.map((theme) => ({ value: theme, label: themeLabels[theme] }))}
            onChange={(value) => {
              const theme = value as Theme;
              setPrevious(scheme);
              setColorScheme(theme);
              save.mutate(theme);
            }}
          />
        </fieldset>
        <Feedback error={save.error} saved={save.isSuccess} />
      </Stack>
    </Section>
  );
}

/**
 * /kayttaja (docs/product.md "Screens", own details; hidden for deactivated users by the route guard): names, personal
 * e-mail and language (PATCH /api/user), the municipality and church (PUT /api/user/municipality), the
 * work e-mail (PUT /api/system-users/{id}), the phone
 * (PATCH /api/system-users/{id}/phone), the logged-in devices (/api/account/sessions) and the theme
 * (PUT /api/user-preferences); the person's own copy of their data downloads from
 * GET /api/account/personal-data. Each part saves on
 * its own and keeps what was typed when the save fails. The work e-mail and the phone ask for the
 * current password and change only once confirmed: by the link mailed to the new address (the
 * /vahvista-sahkoposti page) or by the code sent to the new number, typed in here.
 */
export function OwnDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.ownDetails.title"));
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("routes.ownDetails.title")}</Title>
          <Text mt="xs">{t("ownDetails.intro")}</Text>
        </div>
        {user.secondFactorSetupRequired && (
          <Alert color="yellow" variant="light" title={t("ownDetails.authenticatorRequiredTitle")}>
            {t("ownDetails.authenticatorRequiredText")}
          </Alert>
        )}
        <EmploymentInvitationsCard />
        <PersonalDetails user={user} />
        <MunicipalityAndChurch user={user} />
        <WorkEmail user={user} />
        <Phone user={user} />
        {mayUseAuthenticator(user.roles.filter(isRoleName)) && <Authenticator />}
        <Sessions />
        <NotificationPreferences />
        <Appearance />
        <PersonalData />
      </Stack>
    </Container>
  );
}
