import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../lib/page-title.ts";
import controls from "./controls.module.css";

/** The generic "something went wrong" page (route errors, and docs/product.md "Screens" offline) with a reload button. */
export function ErrorNotice({ text }: { text: string }) {
  const { t } = useTranslation();
  usePageTitle(t("routeError.title"));
  return (
    <div className={clsx(controls.container, controls.page)}>
      <h1 className={controls.h1}>{t("routeError.title")}</h1>
      <p className={controls.text}>{text}</p>
      <button
        type="button"
        className={clsx(controls.cta, controls.ctaPrimary)}
        style={{ marginTop: "var(--mantine-spacing-lg)" }}
        onClick={() => window.location.reload()}
      >
        {t("routeError.reload")}
      </button>
    </div>
  );
}
