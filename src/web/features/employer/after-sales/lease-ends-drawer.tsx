import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { TLeaseEndChoiceInput, TLeaseEndOption } from "../../../../contract/bike-redemptions.ts";
import { type LeaseEndChoice, PAYMENT_METHODS, type PaymentMethod } from "../../../../domain/enums.ts";
import { paymentMethodAllowed } from "../../../../domain/user-payments.ts";
import { isValidEmail, normalizeEmail } from "../../../../domain/validation/email.ts";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { FieldLabel } from "../../../components/field-label.tsx";
import { StatusBadge, ToneBadge } from "../../../components/status-badge.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { messageWithServerText } from "../../../lib/error-toasts.ts";
import { formatDate, formatMoney } from "../../../lib/formatters.ts";
import { useCompany } from "../../companies/companies-api.ts";
import { showSuccessToast } from "../employees/employee-nav.ts";
import { type TLeaseEndCase, useChooseForEmployee, useLeaseEnd } from "./lease-ends-api.ts";
import {
  CHOICE_LABELS,
  METHOD_LABELS,
  OUTCOME_TEXTS,
  REASON_LABELS,
  STATUS_LABELS,
  STATUS_TONES,
  TAX_NOTES,
  UNAVAILABLE_REASONS,
} from "./lease-ends-labels.ts";

const money = (cents: number) => formatMoney(cents, currentLanguage());
/** A calendar date (YYYY-MM-DD) as DD.MM.YYYY. */
export const day = (date: string | null) => (date ? formatDate(`${date}T12:00:00Z`) : null);
const cost = ({ costCents: { min, max } }: TLeaseEndOption) =>
  min === max ? money(min) : `${money(min)} – ${money(max)}`;

/** One case in a drawer (its id in the address): its state, the offer, the options compared, choosing. */
export function LeaseEndDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useLeaseEnd(id);
  const c = details.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        c
          ? t("employerLeaseEnds.drawer.title", { name: c.employee.name })
          : t("employerLeaseEnds.drawer.loading")
      }
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {id &&
        (details.isPending ? (
          <Group justify="center" py="xl">
            <Loader role="status" aria-label={t("ds.table.loading")} />
          </Group>
        ) : details.isError ? (
          <EmptyState
            icon={<AlertIcon size={24} />}
            text={
              <span role="alert">
                {details.error instanceof ApiError && details.error.status === 404
                  ? t("employerLeaseEnds.drawer.notFound")
                  : t("employerLeaseEnds.drawer.loadFailed")}
              </span>
            }
            action={
              <Button variant="default" onClick={() => void details.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        ) : (
          <CaseView key={details.data.updatedAt} c={details.data} />
        ))}
    </Drawer>
  );
}

function CaseView({ c }: { c: TLeaseEndCase }) {
  const { t } = useTranslation();
  const offer = c.offers.at(-1) ?? null;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <ToneBadge tone={STATUS_TONES[c.status]}>{t(STATUS_LABELS[c.status])}</ToneBadge>
        <Text size="sm">{t(REASON_LABELS[c.reason])}</Text>
      </Group>
      <DetailsList
        items={[
          { label: t("employerLeaseEnds.drawer.company"), value: c.company.name },
          {
            label: t("employerLeaseEnds.drawer.bike"),
            value: [t("employerLeaseEnds.orderNumber", { number: c.order.orderNumber }), c.bikeName]
              .filter(Boolean)
              .join(" · "),
          },
          { label: t("employerLeaseEnds.drawer.price"), value: money(c.redemptionPriceCents) },
          { label: t("employerLeaseEnds.drawer.deadline"), value: day(c.decisionDeadline) },
          { label: t("employerLeaseEnds.drawer.leaseEndsOn"), value: day(c.leaseEndsOn) },
          ...(c.coveredUntil
            ? [{ label: t("employerLeaseEnds.drawer.coveredUntil"), value: day(c.coveredUntil) }]
            : []),
          {
            label: t("employerLeaseEnds.drawer.choice"),
            value: c.choice
              ? [t(CHOICE_LABELS[c.choice]), c.transferToEmail].filter(Boolean).join(" · ")
              : t("employerLeaseEnds.drawer.noChoice"),
          },
          ...(c.userPayment
            ? [
                {
                  label: t("employerLeaseEnds.drawer.payment"),
                  value: (
                    <Group gap="xs">
                      <Text size="sm">
                        {money(c.userPayment.amountCents)} · {t(METHOD_LABELS[c.userPayment.paymentMethod])}
                      </Text>
                      <StatusBadge family="payment" status={c.userPayment.paymentStatus} />
                    </Group>
                  ),
                },
              ]
            : []),
          {
            label: t("employerLeaseEnds.drawer.offer"),
            value: offer ? (
              <Anchor href={offer.fileUrl} target="_blank" rel="noopener">
                {offer.file.fileName}
              </Anchor>
            ) : null,
          },
        ]}
      />
      <Comparison options={c.options} />
      {c.allowedActions.includes("CHOOSE") && <ChooseForEmployee c={c} />}
      {c.status === "PENDING" && !c.allowedActions.includes("CHOOSE") && (
        <Text size="sm" c="dimmed">
          {c.deadlinePassed
            ? t("employerLeaseEnds.drawer.deadlinePassed")
            : t("employerLeaseEnds.drawer.employeeChooses")}
        </Text>
      )}
    </Stack>
  );
}

/** The options compared: what the employee and the employer pay, what happens, the tax note, why one is closed. */
function Comparison({ options }: { options: readonly TLeaseEndOption[] }) {
  const { t } = useTranslation();
  const title = t("employerLeaseEnds.compare.title");
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table.ScrollContainer
        minWidth={640}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": title } }}
      >
        <Table aria-label={title} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("employerLeaseEnds.compare.option")}</Table.Th>
              <Table.Th scope="col">{t("employerLeaseEnds.compare.employeePays")}</Table.Th>
              <Table.Th scope="col">{t("employerLeaseEnds.compare.employerPays")}</Table.Th>
              <Table.Th scope="col">{t("employerLeaseEnds.compare.whatHappens")}</Table.Th>
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
                      <ToneBadge tone="neutral">{t("employerLeaseEnds.compare.notAvailable")}</ToneBadge>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{option.available ? cost(option) : "–"}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {option.available && option.employerCostCents > 0 ? money(option.employerCostCents) : "–"}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {option.unavailableReason
                      ? t(UNAVAILABLE_REASONS[option.unavailableReason])
                      : t(OUTCOME_TEXTS[option.outcome])}
                  </Text>
                  {option.available && option.taxNote && (
                    <Text size="xs" c="dimmed">
                      {t(TAX_NOTES[option.taxNote])}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

type Values = { choice: LeaseEndChoice | ""; paymentMethod: PaymentMethod | ""; transferToEmail: string };

/**
 * Choosing for the employee (employees.manage), e.g. when they have left without choosing: an open
 * option, how the employee pays as the company allows, a colleague's e-mail for a transfer.
 */
function ChooseForEmployee({ c }: { c: TLeaseEndCase }) {
  const { t } = useTranslation();
  const choose = useChooseForEmployee(c.id);
  const mode = useCompany(c.company.companyId).data?.paymentMode ?? null;
  const methods = PAYMENT_METHODS.filter((m) => mode === null || paymentMethodAllowed(mode, m));
  const open = c.options.filter((o) => o.available);
  const form = useForm<Values>({
    initialValues: { choice: "", paymentMethod: c.paymentMethod, transferToEmail: "" },
    validate: {
      choice: (value) => (value ? null : t("employerLeaseEnds.choose.choiceRequired")),
      transferToEmail: (value, values) =>
        values.choice !== "TRANSFER" || isValidEmail(normalizeEmail(value))
          ? null
          : t("employerLeaseEnds.choose.emailInvalid"),
    },
  });
  const selected = open.find((o) => o.choice === form.values.choice);
  const paying =
    selected?.choice === "REDEEM" || (selected?.choice === "RETURN" && selected.costCents.max > 0);

  function save(values: Values) {
    if (!values.choice) return;
    const body: TLeaseEndChoiceInput = { choice: values.choice };
    if (paying && values.paymentMethod) body.paymentMethod = values.paymentMethod;
    if (values.choice === "TRANSFER") body.transferToEmail = normalizeEmail(values.transferToEmail);
    choose.mutate(body, {
      onSuccess: () =>
        showSuccessToast(
          t("employerLeaseEnds.choose.saved", {
            name: c.employee.name,
            choice: t(CHOICE_LABELS[body.choice]),
          }),
        ),
      onError: (error) => {
        if (error instanceof ApiError && error.code === "PAYMENT_METHOD_NOT_ALLOWED")
          form.setFieldError("paymentMethod", messageWithServerText(error, t));
        if (error instanceof ApiError && error.details.some((d) => d.field.endsWith("transferToEmail")))
          form.setFieldError("transferToEmail", t("employerLeaseEnds.choose.emailInvalid"));
      },
    });
  }

  const atField =
    choose.error instanceof ApiError &&
    (choose.error.code === "PAYMENT_METHOD_NOT_ALLOWED" || choose.error.details.length > 0);
  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={form.onSubmit(save)} aria-label={t("employerLeaseEnds.choose.title")}>
        <Stack gap="md">
          <Title order={3} size="h5">
            {t("employerLeaseEnds.choose.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {c.choice
              ? t("employerLeaseEnds.choose.introChange", { choice: t(CHOICE_LABELS[c.choice]) })
              : t("employerLeaseEnds.choose.intro", { name: c.employee.name })}
          </Text>
          <Radio.Group
            label={<FieldLabel required>{t("employerLeaseEnds.choose.choice")}</FieldLabel>}
            {...form.getInputProps("choice")}
          >
            <Stack gap="xs" mt="xs">
              {open.map((option) => (
                <Radio
                  key={option.choice}
                  value={option.choice}
                  label={t(CHOICE_LABELS[option.choice])}
                  description={cost(option)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {paying && (
            <Radio.Group
              label={<FieldLabel required>{t("employerLeaseEnds.choose.method")}</FieldLabel>}
              {...form.getInputProps("paymentMethod")}
            >
              <Group gap="md" mt="xs">
                {methods.map((m) => (
                  <Radio key={m} value={m} label={t(METHOD_LABELS[m])} />
                ))}
              </Group>
            </Radio.Group>
          )}
          {form.values.choice === "TRANSFER" && (
            <TextInput
              type="email"
              label={t("employerLeaseEnds.choose.email")}
              required
              {...form.getInputProps("transferToEmail")}
            />
          )}
          {choose.isError && !atField && (
            <Alert color="red" variant="light" role="alert" title={t("employerLeaseEnds.choose.failed")}>
              {messageWithServerText(choose.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={choose.isPending}>
              {t("employerLeaseEnds.choose.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
