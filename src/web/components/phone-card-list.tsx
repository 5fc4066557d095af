import { Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export type PhoneCard = {
  key: string;
  /** What the row is about (the package line's item, the payment's kind), the card's heading line. */
  title: ReactNode;
  /** The row's other columns, each named by its column heading. */
  values: readonly { label: string; value: ReactNode }[];
};

/**
 * A short read-only table's rows as cards on a phone (usePhoneLayout): every value and its column's
 * name beside it, within the screen's width, so nothing (a package's total) is left past the edge of a
 * box that scrolls sideways. For the long lists with paging and sorting, DataTable does the same.
 */
export function PhoneCardList({
  label,
  cards,
  footer,
}: {
  /** The table's name, now the list's. */
  label: string;
  cards: readonly PhoneCard[];
  /** What the table's foot said (the total), under the cards. */
  footer?: { label: string; value: ReactNode };
}) {
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" aria-label={label} m={0} p={0} style={{ listStyle: "none" }}>
        {cards.map((card) => (
          <Paper key={card.key} component="li" withBorder p="sm" radius="md">
            <Text component="div" fw={600} style={{ overflowWrap: "anywhere" }}>
              {card.title}
            </Text>
            <Stack component="dl" gap={2} m={0} mt={4}>
              {card.values.map((item) => (
                <Group key={item.label} justify="space-between" wrap="nowrap" gap="sm" align="baseline">
                  <Text component="dt" size="sm" c="dimmed">
                    {item.label}
                  </Text>
                  <Text
                    component="dd"
                    size="sm"
                    m={0}
                    ta="right"
                    style={{ fontVariantNumeric: "tabular-nums" }}
                  >
                    {item.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {footer && (
        <Group justify="space-between" wrap="nowrap" gap="sm" px="sm">
          <Text fw={700}>{footer.label}</Text>
          <Text fw={700} style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
            {footer.value}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
