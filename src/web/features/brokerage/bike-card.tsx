import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { brokerageBikeTitle } from "../../../domain/brokerage.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { formatDate } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import type { TListedBike } from "./brokerage-api.ts";

/**
 * One bike for sale: its name and year, the asking price, the frame size, where it is, since when it
 * is for sale and what the helpdesk wrote of it; "Kysy ostamisesta" opens the inquiry. Once asked (in
 * this visit), the card says so instead of offering the button again.
 */
export function BikeCard({ bike, asked, onAsk }: { bike: TListedBike; asked: boolean; onAsk: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = brokerageBikeTitle(bike);
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="md" p="lg" h="100%">
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        <Text fz="xl" fw={700}>
          {bike.askingPriceCents === null ? t("brokerage.card.priceOnRequest") : money(bike.askingPriceCents)}
        </Text>
        <DetailsList
          items={[
            { label: t("brokerage.card.frameSize"), value: bike.frameSize },
            { label: t("brokerage.card.city"), value: bike.city },
            { label: t("brokerage.card.listedAt"), value: formatDate(bike.listedAt) },
          ]}
        />
        {bike.description && (
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {bike.description}
          </Text>
        )}
        <Group mt="auto" pt="xs">
          {asked ? (
            <Text size="sm" c="var(--pd-success)" fw={600} role="status">
              {t("brokerage.card.asked")}
            </Text>
          ) : (
            <Button onClick={onAsk} aria-describedby={titleId}>
              {t("brokerage.card.ask")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
