import { Accordion, Alert, Button, Group, Radio, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { TLeaseEndChoiceInput, TLeaseEndOption } from "../../../../../contract/bike-redemptions.ts";
import type { LeaseEndChoice, PaymentMethod } from "../../../../../domain/enums.ts";
import { isValidEmail, normalizeEmail } from "../../../../../domain/validation/email.ts";
import { DetailsList } from "../../../../components/details-list.tsx";
import { FieldLabel } from "../../../../components/field-label.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { ToneBadge } from "../../../../components/status-badge.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { methodsOf, usePaymentMode } from "./redemption-case-form.tsx";
import {
  CHOICE_LABELS,
  METHOD_LABELS,
  OUTCOME_TEXTS,
  TAX_NOTES,
  UNAVAILABLE_REASONS,
} from "./redemption-labels.ts";
import { showDone } from "./redemption-parts.tsx";
import { type TRedemption, useRedemptionAction } from "./redemptions-api.ts";

/** What the employee pays for an option: one sum, or "min – max" where it is not known yet. */
function useCost() {
  const display = useDisplay();
  return (option: TLeaseEndOption) => {
    const { min, max } = option.costCents;
    return min === max ? display.money(min) : `${display.money(min)} – ${display.money(max)}`;
  };
}

/**
 * The options the helpdesk may record for the employee: the open ones, and a return after a
 * resignation, which the employer may allow (the server takes it from the helpdesk only).
 */
export function recordableOptions(options: readonly TLeaseEndOption[]): TLeaseEndOption[] {
  return options.filter((o) => o.available || o.unavailableReason === "RESIGNED_MUST_REDEEM");
}

/** The case's options compared: the employee's cost, the employer's, what happens, the tax note, why one is closed. */
function Comparison({ options }: { options: readonly TLeaseEndOption[] }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const cost = useCost();
  const title = t("adminRedemptions.options.compare");
  return (
    <Table.ScrollContainer
      minWidth={720}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": title } }}
    >
      <Table aria-label={title} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("adminRedemptions.options.option")}</Table.Th>
            <Table.Th scope="col">{t("adminRedemptions.options.employeePays")}</Table.Th>
            <Table.Th scope="col">{t("adminRedemptions.options.employerPays")}</Table.Th>
            <Table.Th scope="col">{t("adminRedemptions.options.whatHappens")}</Table.Th>
            <Table.Th scope="col">{t("adminRedemptions.options.tax")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.map((option) => (
            <Table.Tr key={option.choice}>
              <Table.Th scope="row" fw="normal">
                <Stack gap={4} align="flex-start">
                  <Text size="sm" fw={600}>
                    {t(CHOICE_LABELS[option.choice])}
                  </Text>
                  {!option.available && (
                    <ToneBadge tone="neutral">{t("adminRedemptions.options.notAvailable")}</ToneBadge>
                  )}
                </Stack>
              </Table.Th>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{cost(option)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {option.employerCostCents > 0 ? display.money(option.employerCostCents) : "–"}
              </Table.Td>
              <Table.Td>
                {option.unavailableReason
                  ? t(UNAVAILABLE_REASONS[option.unavailableReason])
                  : t(OUTCOME_TEXTS[option.outcome])}
              </Table.Td>
              <Table.Td>{option.taxNote ? t(TAX_NOTES[option.taxNote]) : "–"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Values = { choice: LeaseEndChoice | ""; paymentMethod: PaymentMethod | ""; transferToEmail: string };

/** Choosing for the employee (also after the deadline): an option, how to pay, a colleague's e-mail. */
function ChooseForm({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const cost = useCost();
  const action = useRedemptionAction(c.id);
  const methods = methodsOf(usePaymentMode(c.company.companyId));
  const options = recordableOptions(c.options);
  const form = useForm<Values>({
    initialValues: {
      choice: c.choice ?? "",
      paymentMethod: c.paymentMethod,
      transferToEmail: c.transferToEmail ?? "",
    },
    validate: {
      choice: (value) => (value ? null : t("adminRedemptions.options.choiceRequired")),
      transferToEmail: (value, values) =>
        values.choice !== "TRANSFER" || isValidEmail(normalizeEmail(value))
          ? null
          : t("adminRedemptions.options.emailInvalid"),
    },
  });
  const choice = form.values.choice;
  const selected = options.find((o) => o.choice === choice);
  const paying = choice === "REDEEM" || (choice === "RETURN" && (selected?.costCents.max ?? 0) > 0);

  function save(values: Values) {
    if (!values.choice) return;
    const body: TLeaseEndChoiceInput = { choice: values.choice };
    if (paying && values.paymentMethod) body.paymentMethod = values.paymentMethod;
    if (values.choice === "TRANSFER") body.transferToEmail = normalizeEmail(values.transferToEmail);
    action.mutate(
      { kind: "choose", body },
      {
        onSuccess: () =>
          showDone(t("adminRedemptions.options.saved", { choice: t(CHOICE_LABELS[body.choice]) })),
        onError: (error) => {
          if (error instanceof ApiError && error.code === "PAYMENT_METHOD_NOT_ALLOWED")
            form.setFieldError("paymentMethod", messageWithServerText(error, t));
          if (error instanceof ApiError && error.details.some((d) => d.field.endsWith("transferToEmail")))
            form.setFieldError("transferToEmail", t("adminRedemptions.options.emailInvalid"));
        },
      },
    );
  }

  const atField =
    action.error instanceof ApiError &&
    (action.error.code === "PAYMENT_METHOD_NOT_ALLOWED" || action.error.details.length > 0);
  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label={t("adminRedemptions.options.chooseTitle")}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t("adminRedemptions.options.chooseTitle")}
        </Title>
        {c.deadlinePassed && (
          <Text size="sm" c="dimmed">
            {t("adminRedemptions.options.afterDeadline")}
          </Text>
        )}
        <Radio.Group
          label={<FieldLabel required>{t("adminRedemptions.options.choice")}</FieldLabel>}
          {...form.getInputProps("choice")}
        >
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio
                key={option.choice}
                value={option.choice}
                label={t(CHOICE_LABELS[option.choice])}
                description={
                  option.available
                    ? cost(option)
                    : t(UNAVAILABLE_REASONS[option.unavailableReason ?? "EARLY_END_ONLY"])
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {paying && (
          <Radio.Group
            label={<FieldLabel required>{t("adminRedemptions.options.method")}</FieldLabel>}
            {...form.getInputProps("paymentMethod")}
          >
            <Group gap="md" mt="xs">
              {methods.map((m) => (
                <Radio key={m} value={m} label={t(METHOD_LABELS[m])} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {choice === "TRANSFER" && (
          <TextInput
            type="email"
            label={t("adminRedemptions.options.email")}
            required
            maw={420}
            {...form.getInputProps("transferToEmail")}
          />
        )}
        {action.isError && !atField && (
          <Alert color="red" variant="light" role="alert" title={t("adminRedemptions.options.failed")}>
            {messageWithServerText(action.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={action.isPending}>
            {t("adminRedemptions.options.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The options and the choice: the comparison, the choice made (by whom it was recorded, when; the
 * colleague of a transfer) and, while allowed, choosing for the employee; the month-by-month price
 * table behind a disclosure.
 */
export function OptionsSection({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const display = useDisplay();
  return (
    <SectionCard title={t("adminRedemptions.options.title")}>
      <Stack gap="lg">
        <Comparison options={c.options} />
        <DetailsList
          items={[
            {
              label: t("adminRedemptions.options.current"),
              value: c.choice ? t(CHOICE_LABELS[c.choice]) : t("adminRedemptions.options.none"),
            },
            {
              label: t("adminRedemptions.options.madeAt"),
              value: c.choiceMadeAt ? formatDateTime(c.choiceMadeAt) : null,
            },
            ...(c.transferToEmail
              ? [{ label: t("adminRedemptions.options.email"), value: c.transferToEmail }]
              : []),
            { label: t("adminRedemptions.options.deadline"), value: display.date(c.decisionDeadline) },
          ]}
        />
        {c.allowedActions.includes("CHOOSE") && <ChooseForm key={c.updatedAt} redemption={c} />}
        {c.priceTable.length > 0 && (
          <Accordion variant="contained">
            <Accordion.Item value="price-table">
              <Accordion.Control>{t("adminRedemptions.priceTable.title")}</Accordion.Control>
              <Accordion.Panel>
                <Table.ScrollContainer minWidth={320} mah={360}>
                  <Table aria-label={t("adminRedemptions.priceTable.title")} striped stickyHeader>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t("adminRedemptions.priceTable.endsOn")}</Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t("adminRedemptions.priceTable.monthsPaid")}
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t("adminRedemptions.priceTable.price")}
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {c.priceTable.map((row) => {
                        const mine = row.monthsPaid === c.agreement?.monthsPaid;
                        return (
                          <Table.Tr
                            key={row.monthsPaid}
                            fw={mine ? 700 : undefined}
                            aria-current={mine || undefined}
                          >
                            <Table.Td>
                              {display.date(row.leaseEndsOn)}
                              {mine && ` · ${t("adminRedemptions.priceTable.thisCase")}`}
                            </Table.Td>
                            <Table.Td ta="right">{row.monthsPaid}</Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                              {display.money(row.priceCents)}
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        )}
      </Stack>
    </SectionCard>
  );
}
