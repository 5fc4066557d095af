import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { ErrorNotice } from "../components/error-notice.tsx";

/**
 * When a page cannot render, most often because its lazy chunk failed to download (offline, or a new
 * release replaced the old file names). A reload fetches the current files.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorNotice text={t("routeError.text")} />;
}
