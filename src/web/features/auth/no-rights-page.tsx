import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { homePathFor } from "../../../domain/access.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useSession } from "../../lib/session.ts";

/** /ei-oikeuksia (docs/product.md "Screens" access redirects): a page the user's roles do not open. */
export function NoRightsPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.noRights.title"));
  const { accessUser } = useSession();
  const home = accessUser && !accessUser.deactivated ? homePathFor(accessUser.roles) : buildPath("home");
  return (
    <Container size="md" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t("routes.noRights.title")}</Title>
        <Text>{t("noRights.text")}</Text>
        <Anchor component={AppLink} to={home}>
          {accessUser ? t("noRights.toOwnHome") : t("noRights.toHome")}
        </Anchor>
      </Stack>
    </Container>
  );
}
