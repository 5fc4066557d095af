import { Alert, Button, CopyButton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/formatters.ts";
import type { TStoreLink } from "./orders-api.ts";

/** The fresh store link, to pass on by hand when the store lost its mail. */
export function StoreLinkNotice({ link }: { link: TStoreLink }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={link.mailed ? "pedaali" : "yellow"}
      variant="light"
      title={
        link.mailed ? t("adminOrders.actions.storeLink.title") : t("adminOrders.actions.storeLink.notMailed")
      }
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="store-link-url">
          {link.url}
        </Text>
        <Text size="sm" c="dimmed">
          {t("adminOrders.actions.storeLink.expires", { time: formatDateTime(link.expiresAt) })}
        </Text>
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} style={{ alignSelf: "flex-start" }}>
              {copied ? t("adminOrders.actions.storeLink.copied") : t("adminOrders.actions.storeLink.copy")}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}
