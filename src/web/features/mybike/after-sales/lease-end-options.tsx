import { Accordion, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TLeaseEndOption } from "../../../../contract/bike-redemptions.ts";
import type { LeaseEndChoice } from "../../../../domain/enums.ts";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { formatDate, formatMoney } from "../../../lib/formatters.ts";
import type { TLeaseEndCase } from "./lease-end-api.ts";
import { CHOICE_LABELS, OUTCOME_TEXTS, TAX_NOTES, UNAVAILABLE_REASONS } from "./lease-end-labels.ts";

/** A calendar date (YYYY-MM-DD) as DD.MM.YYYY. */
export const day = (date: string) => formatDate(`${date}T12:00:00Z`);
export const money = (cents: number) => formatMoney(cents, currentLanguage());

/** Why a cost is a range: what it waits for. */
const RANGE_NOTES: Partial<Record<LeaseEndChoice, string>> = {
  BROKERAGE: "myBikeLeaseEnd.compare.rangeBrokerage",
  CONTINUE: "myBikeLeaseEnd.compare.rangeContinue",
};

/** What the employee pays for an option: one sum, or "min – max" where it is not known yet. */
export function costText(option: Pick<TLeaseEndOption, "costCents">): string {
  const { min, max } = option.costCents;
  return min === max ? money(min) : `${money(min)} – ${money(max)}`;
}

function CostCell({ option, t }: { option: TLeaseEndOption; t: TFunction }) {
  if (!option.available) return <Text size="sm">–</Text>;
  const range = option.costCents.min !== option.costCents.max;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
        {costText(option)}
      </Text>
      {range && (
        <Text size="xs" c="dimmed">
          {t(RANGE_NOTES[option.choice] ?? "myBikeLeaseEnd.compare.rangeOther")}
        </Text>
      )}
      {option.employerCostCents > 0 && (
        <Text size="xs" c="dimmed">
          {t("myBikeLeaseEnd.compare.employerPays", { amount: money(option.employerCostCents) })}
        </Text>
      )}
    </Stack>
  );
}

function OptionName({ option, t }: { option: TLeaseEndOption; t: TFunction }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>
        {t(CHOICE_LABELS[option.choice])}
      </Text>
      {!option.available && <ToneBadge tone="neutral">{t("myBikeLeaseEnd.compare.notAvailable")}</ToneBadge>}
    </Stack>
  );
}

/** What choosing the option leads to, or why it is not open. */
function WhatHappens({ option, t }: { option: TLeaseEndOption; t: TFunction }) {
  return (
    <Text size="sm">
      {option.unavailableReason
        ? t(UNAVAILABLE_REASONS[option.unavailableReason])
        : t(OUTCOME_TEXTS[option.outcome])}
    </Text>
  );
}

function TaxNote({ option, t }: { option: TLeaseEndOption; t: TFunction }) {
  return <Text size="sm">{option.taxNote ? t(TAX_NOTES[option.taxNote]) : "–"}</Text>;
}

/**
 * The options of the case compared (issue 13; peers.md §5.2 idea 11): what each costs the employee (a
 * range where it depends on what is not known yet, and the employer's part when it pays), what
 * happens, its tax note, and why an option is not open. A table on a desktop, one card an option on a
 * phone.
 */
export function LeaseEndOptions({ options }: { options: readonly TLeaseEndOption[] }) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 36em)");
  const title = t("myBikeLeaseEnd.compare.title");
  if (phone)
    return (
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {options.map((option) => (
          <Paper
            key={option.choice}
            withBorder
            radius="md"
            p="sm"
            component="article"
            aria-label={t(CHOICE_LABELS[option.choice])}
          >
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <OptionName option={option} t={t} />
                <CostCell option={option} t={t} />
              </Group>
              <WhatHappens option={option} t={t} />
              {option.taxNote && option.available && (
                <Text size="xs" c="dimmed">
                  {t(TAX_NOTES[option.taxNote])}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={title} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("myBikeLeaseEnd.compare.option")}</Table.Th>
              <Table.Th scope="col">{t("myBikeLeaseEnd.compare.youPay")}</Table.Th>
              <Table.Th scope="col">{t("myBikeLeaseEnd.compare.whatHappens")}</Table.Th>
              <Table.Th scope="col">{t("myBikeLeaseEnd.compare.tax")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.map((option) => (
              <Table.Tr key={option.choice} c={option.available ? undefined : "dimmed"}>
                <Table.Th scope="row" fw="normal">
                  <OptionName option={option} t={t} />
                </Table.Th>
                <Table.Td>
                  <CostCell option={option} t={t} />
                </Table.Td>
                <Table.Td>
                  <WhatHappens option={option} t={t} />
                </Table.Td>
                <Table.Td>{option.available ? <TaxNote option={option} t={t} /> : "–"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * The month-by-month redemption price behind a disclosure: what the bike would cost if the lease
 * ended at the end of each month (GoByBike's "redemption-price table", research note §6), this case's
 * month marked.
 */
export function PriceTable({ details }: { details: Pick<TLeaseEndCase, "priceTable" | "agreement"> }) {
  const { t } = useTranslation();
  if (details.priceTable.length === 0) return null;
  const current = details.agreement?.monthsPaid ?? null;
  const title = t("myBikeLeaseEnd.priceTable.title");
  return (
    <Accordion variant="contained">
      <Accordion.Item value="price-table">
        <Accordion.Control>{title}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("myBikeLeaseEnd.priceTable.intro")}
            </Text>
            <Table.ScrollContainer minWidth={320} mah={360}>
              <Table aria-label={title} striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("myBikeLeaseEnd.priceTable.endsOn")}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("myBikeLeaseEnd.priceTable.monthsPaid")}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("myBikeLeaseEnd.priceTable.price")}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {details.priceTable.map((row) => {
                    const mine = row.monthsPaid === current;
                    return (
                      <Table.Tr
                        key={row.monthsPaid}
                        fw={mine ? 700 : undefined}
                        aria-current={mine || undefined}
                      >
                        <Table.Td>
                          {day(row.leaseEndsOn)}
                          {mine && ` · ${t("myBikeLeaseEnd.priceTable.thisCase")}`}
                        </Table.Td>
                        <Table.Td ta="right">{row.monthsPaid}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                          {money(row.priceCents)}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
