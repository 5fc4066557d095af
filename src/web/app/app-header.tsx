import { Container, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "../components/app-link.tsx";
import { ColorSchemeToggle } from "../components/color-scheme-toggle.tsx";
import { BikeIcon } from "../components/icons.tsx";
import { LanguageMenu } from "../components/language-menu.tsx";
import classes from "./app-layout.module.css";

/** The header of SPEC §2 in its first form: product name, language menu, theme switch. Navigation comes later. */
export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <AppLink to="/" className={classes.brand} aria-label={`Pedaali – ${t("nav.home")}`}>
            <span className={classes.brandMark}>
              <BikeIcon size={26} />
            </span>
            Pedaali
          </AppLink>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
