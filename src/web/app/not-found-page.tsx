import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { AppLink } from "../components/app-link.tsx";
import controls from "../components/controls.module.css";
import { usePageTitle } from "../lib/page-title.ts";

/** Any path outside the route table (the server answers those with status 404). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t("notFound.title"));
  return (
    <div className={clsx(controls.container, controls.page)}>
      <h1 className={controls.h1}>{t("notFound.title")}</h1>
      <p className={controls.text}>{t("notFound.text")}</p>
      <p className={controls.text}>
        <AppLink to="/" className={controls.anchor}>
          {t("notFound.backHome")}
        </AppLink>
      </p>
    </div>
  );
}
