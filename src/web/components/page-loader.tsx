import { useTranslation } from "react-i18next";
import classes from "./page-loader.module.css";

/**
 * Shown in the main area while a lazy page's code arrives on a first visit. A CSS spinner rather than
 * Mantine's Loader, which would add to the anonymous entry chunk.
 */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.wrap} role="status">
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.label}>{label ?? t("common.loadingPage")}</span>
    </div>
  );
}
