import { Accordion, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TRedemptionOption, TRedemptionPriceRow } from "../../../contract/bike-redemptions.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { formatCalendarDate } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import {
  CHOICE_LABELS,
  COMPARE_TITLES,
  OUTCOME_TEXTS,
  RANGE_NOTES,
  type RedemptionAudience,
  TAX_NOTES,
  THIS_CASE,
  UNAVAILABLE_REASONS,
} from "./redemption-words.ts";

/** A calendar date (YYYY-MM-DD) as DD.MM.YYYY. */
export const day = (date: string) => formatCalendarDate(date);

/** What the employee pays for an option: one sum, or "min – max" where it is not known yet. */
export function costText(option: Pick<TRedemptionOption, "costCents">): string {
  const { min, max } = option.costCents;
  return min === max ? money(min) : `${money(min)} – ${money(max)}`;
}

type Cell = { option: TRedemptionOption; audience: RedemptionAudience; t: TFunction };

/**
 * What the employee pays, and why it is a range where it is one. The employee reads the employer's
 * part under their own; the employer and the helpdesk have a column for it.
 */
function EmployeeCost({ option, audience, t }: Cell) {
  if (!option.available) return <Text size="sm">–</Text>;
  const range = option.costCents.min !== option.costCents.max;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
        {costText(option)}
      </Text>
      {range && (
        <Text size="xs" c="dimmed">
          {t(RANGE_NOTES[option.choice] ?? "redemption.compare.rangeOther")}
        </Text>
      )}
      {audience === "employee" && option.employerCostCents > 0 && (
        <Text size="xs" c="dimmed">
          {t("redemption.compare.employerPaysAmount", { amount: money(option.employerCostCents) })}
        </Text>
      )}
    </Stack>
  );
}

function employerCost(option: TRedemptionOption): string {
  return option.available && option.employerCostCents > 0 ? money(option.employerCostCents) : "–";
}

function OptionName({ option, t }: Omit<Cell, "audience">) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>
        {t(CHOICE_LABELS[option.choice])}
      </Text>
      {!option.available && <ToneBadge tone="neutral">{t("redemption.compare.notAvailable")}</ToneBadge>}
    </Stack>
  );
}

/** What choosing the option leads to, or why it is not open. */
function whatHappens({ option, audience, t }: Cell): string {
  return option.unavailableReason
    ? t(UNAVAILABLE_REASONS[audience][option.unavailableReason])
    : t(OUTCOME_TEXTS[audience][option.outcome]);
}

function taxNote({ option, audience, t }: Cell): string | null {
  return option.available && option.taxNote ? t(TAX_NOTES[audience][option.taxNote]) : null;
}

/**
 * A lease end's options compared (ADR 009; docs/product.md "The lease's end (redemption)"): what each costs the employee (a
 * range where it depends on what is not known yet) and the employer, what happens, its tax note, and
 * why an option is not open. A table on a desktop, one card an option on a phone. The same for the
 * employee, the employer and the helpdesk, in words for each (`audience`).
 */
export function RedemptionOptions({
  options,
  audience,
}: {
  options: readonly TRedemptionOption[];
  audience: RedemptionAudience;
}) {
  const { t } = useTranslation();
  // Read at the first render, as the lists' cards are (data-table-parts.tsx usePhoneLayout): a phone
  // never draws the wide table first and then its cards.
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  const title = t(COMPARE_TITLES[audience]);
  const staff = audience === "staff";
  const heading = (
    <Title order={3} size="h5">
      {title}
    </Title>
  );
  if (phone)
    return (
      <Stack gap="sm">
        {heading}
        {options.map((option) => {
          const cell = { option, audience, t };
          const note = taxNote(cell);
          return (
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
                  <EmployeeCost {...cell} />
                </Group>
                {staff && employerCost(option) !== "–" && (
                  <Text size="xs" c="dimmed">
                    {`${t("redemption.compare.employerPays")}: ${employerCost(option)}`}
                  </Text>
                )}
                <Text size="sm">{whatHappens(cell)}</Text>
                {note && (
                  <Text size="xs" c="dimmed">
                    {note}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  return (
    <Stack gap="xs">
      {heading}
      <Table.ScrollContainer
        minWidth={staff ? 720 : 640}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": title } }}
      >
        <Table aria-label={title} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("redemption.compare.option")}</Table.Th>
              <Table.Th scope="col">
                {t(staff ? "redemption.compare.employeePays" : "redemption.compare.youPay")}
              </Table.Th>
              {staff && <Table.Th scope="col">{t("redemption.compare.employerPays")}</Table.Th>}
              <Table.Th scope="col">{t("redemption.compare.whatHappens")}</Table.Th>
              <Table.Th scope="col">{t("redemption.compare.tax")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.map((option) => {
              const cell = { option, audience, t };
              return (
                <Table.Tr key={option.choice} c={option.available ? undefined : "dimmed"}>
                  <Table.Th scope="row" fw="normal">
                    <OptionName option={option} t={t} />
                  </Table.Th>
                  <Table.Td>
                    <EmployeeCost {...cell} />
                  </Table.Td>
                  {staff && (
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                        {employerCost(option)}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">{whatHappens(cell)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{taxNote(cell) ?? "–"}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * The month-by-month redemption price behind a disclosure: what the bike would cost if the lease
 * ended at the end of each month (as GoByBike gives its "redemption-price table"), this case's
 * month marked.
 */
export function RedemptionPriceTable({
  rows,
  monthsPaid,
  audience,
}: {
  rows: readonly TRedemptionPriceRow[];
  monthsPaid: number | null;
  audience: RedemptionAudience;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const title = t("redemption.priceTable.title");
  return (
    <Accordion variant="contained">
      <Accordion.Item value="price-table">
        <Accordion.Control>{title}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t("redemption.priceTable.intro")}
            </Text>
            <Table.ScrollContainer
              minWidth={320}
              mah={360}
              scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": title } }}
            >
              <Table aria-label={title} striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("redemption.priceTable.endsOn")}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("redemption.priceTable.monthsPaid")}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t("redemption.priceTable.price")}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const mine = row.monthsPaid === monthsPaid;
                    return (
                      <Table.Tr
                        key={row.monthsPaid}
                        fw={mine ? 700 : undefined}
                        aria-current={mine || undefined}
                      >
                        <Table.Td>
                          {day(row.leaseEndsOn)}
                          {mine && ` · ${t(THIS_CASE[audience])}`}
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
