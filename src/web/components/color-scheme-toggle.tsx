import { useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import classes from "./controls.module.css";
import { MoonIcon, SunIcon } from "./icons.tsx";

/** Light/dark switch (docs/product.md "Who uses it"); Mantine keeps the choice in localStorage (see app/providers.tsx). */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  // Read after the first render, so a prerendered page hydrates as it was rendered (light); until then
  // the icon follows the scheme by CSS (Mantine's light/dark-hidden classes), so it never shows wrong.
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = scheme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className={clsx(classes.control, classes.iconControl)}
      onClick={() => setColorScheme(next)}
      aria-label={next === "dark" ? t("common.switchToDark") : t("common.switchToLight")}
    >
      <SunIcon className="mantine-light-hidden" />
      <MoonIcon className="mantine-dark-hidden" />
    </button>
  );
}
