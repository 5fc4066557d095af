import { Alert, Button, Drawer, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type TEmployeeDetails,
  type TEmployeeOrder,
  zUpdateEmployee,
} from "../../../../contract/employees.ts";
import { DEFAULT_LAST_WORKING_DAY, toHelsinkiDateString } from "../../../../domain/dates.ts";
import { hasEmploymentEnd } from "../../../../domain/employees.ts";
import { employmentDateIssues } from "../../../../domain/employment-dates.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { showErrorToast } from "../../../lib/error-toasts.ts";
import { fieldRules } from "../../../lib/field-rules.ts";
import { formatDate, formatDateTime } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { RedemptionOpenAction } from "../after-sales/redemptions-open-action.tsx";
import { AbsencesSection } from "./absences-section.tsx";
import {
  centsOf,
  type EmployeeFormValues,
  EmployerFields,
  employerFieldRules,
  employerFieldsBody,
  employmentDateIssueTexts,
  employmentDateText,
  formValuesOf,
  isFarFutureTypo,
  joinedOnOf,
  useLanguage,
} from "./employee-form.tsx";
import { EmployeeStatusBadge, fullName, ROLE_LABELS } from "./employee-labels.tsx";
import { useEmployeeDetails, useUpdateEmployee } from "./employees-api.ts";

/** A change of the employee's names and the employer's fields. */
const updateBody = (values: EmployeeFormValues) => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  ...employerFieldsBody(values),
});

/**
 * One employee of the manage tab in a drawer (its id in the address, `&tyontekija=<id>`): the details,
 * the orders (a bike in use with its lease's early end), changing the details, ending the employment
 * and the absences.
 */
export function EmployeeDrawer({ employeeId, onClose }: { employeeId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useEmployeeDetails(employeeId);
  const title = details.data ? fullName(details.data) : t("employerEmployees.drawer.title");
  return (
    <Drawer
      opened={employeeId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={title}
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {employeeId && (
        <QueryFrame
          query={details}
          notFound={t("employerEmployees.drawer.notFound")}
          errorText={() => t("employerEmployees.drawer.loadFailed")}
          loadingLabel={t("employerEmployees.drawer.loading")}
        >
          {(data) => <EmployeeView key={employeeId} employee={data} />}
        </QueryFrame>
      )}
    </Drawer>
  );
}

function EmployeeView({ employee }: { employee: TEmployeeDetails }) {
  return (
    <Stack gap="lg">
      <DetailsSection employee={employee} />
      <OrdersSection orders={employee.orders} lastWorkingDayDate={employee.lastWorkingDayDate} />
      <EndEmploymentSection employee={employee} />
      <AbsencesSection employee={employee} />
    </Stack>
  );
}

function DetailsSection({ employee }: { employee: TEmployeeDetails }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // The stored 01.01.2999 only means that no end is known: the reader sees the words, never the date.
  const lastDay =
    employee.lastWorkingDayDate === DEFAULT_LAST_WORKING_DAY
      ? t("employerEmployees.details.noLastWorkingDay")
      : formatDate(employee.lastWorkingDayDate);
  const maxPrice =
    employee.maxPrice !== null
      ? money(centsOf(employee.maxPrice))
      : employee.companyMaxPrice !== null
        ? t("employerEmployees.details.companyMaxPrice", {
            price: money(centsOf(employee.companyMaxPrice)),
          })
        : t("employerEmployees.details.noMaxPrice");
  return (
    <SectionCard
      title={t("employerEmployees.details.title")}
      headingOrder={3}
      actions={
        !editing && (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {t("employerEmployees.details.edit")}
          </Button>
        )
      }
    >
      {editing ? (
        <EditForm employee={employee} onDone={() => setEditing(false)} />
      ) : (
        <DetailsList
          items={[
            { label: t("forms.workEmail"), value: employee.systemUser.workEmail },
            { label: t("forms.phoneNumber"), value: employee.systemUser.phoneNumber },
            { label: t("employerEmployees.columns.company"), value: employee.companyName },
            {
              label: t("employerEmployees.columns.status"),
              value: <EmployeeStatusBadge status={employee.status} />,
            },
            { label: t("employerEmployees.fields.unit"), value: employee.unitName },
            { label: t("employerEmployees.fields.costUnit"), value: employee.costUnit },
            { label: t("employerEmployees.fields.employeeNumber"), value: employee.employeeNumber },
            { label: t("employerEmployees.fields.payRollOther"), value: employee.payRollOther },
            {
              label: t("employerEmployees.fields.jobTrialPeriodEndDate"),
              value: employee.jobTrialPeriodEndDate && formatDate(employee.jobTrialPeriodEndDate),
            },
            { label: t("employerEmployees.fields.lastWorkingDayDate"), value: lastDay },
            { label: t("employerEmployees.fields.maxPrice"), value: maxPrice },
            {
              label: t("employerEmployees.details.roles"),
              value: employee.employerRoles.map((role) => t(ROLE_LABELS[role].label)).join(", "),
            },
            {
              label: t("employerEmployees.fields.employerNote"),
              value: employee.employerNote && (
                <span style={{ whiteSpace: "pre-wrap" }}>{employee.employerNote}</span>
              ),
            },
            { label: t("employerEmployees.columns.joined"), value: formatDateTime(employee.createdAt) },
            {
              label: t("employerEmployees.details.decided"),
              value: employee.decidedAt && formatDateTime(employee.decidedAt),
            },
          ]}
        />
      )}
    </SectionCard>
  );
}

/** Changing the names and the employer's fields (POST update); the input stays when it fails. */
function EditForm({ employee, onDone }: { employee: TEmployeeDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const rules = fieldRules(t);
  const update = useUpdateEmployee(employee.beneficiaryEmployeeId);
  const form = useContractForm<EmployeeFormValues>({
    initialValues: formValuesOf(employee, lang),
    schema: zUpdateEmployee,
    toBody: updateBody,
    // The employer's fields' own rules: dates, a price typed as text.
    rules: {
      firstName: rules.required(),
      lastName: rules.required(),
      ...employerFieldRules(t, joinedOnOf(employee)),
    },
    texts: employmentDateIssueTexts(t),
  });
  const errorSummary = useFormErrorSummary(form);

  function save(values: EmployeeFormValues) {
    mutateThen(update, updateBody(values), {
      onSuccess: () => {
        showSuccessToast(t("employerEmployees.details.saved"));
        onDone();
      },
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
        else showErrorToast(error);
      },
    });
  }

  return (
    <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
      <Stack gap="md">
        {errorSummary.summary}
        <PersonNameFields
          firstName={form.getInputProps("firstName")}
          lastName={form.getInputProps("lastName")}
        />
        <EmployerFields
          form={form}
          companyId={employee.companyId}
          companyMaxPrice={employee.companyMaxPrice}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t("employerEmployees.details.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function OrdersSection({
  orders,
  lastWorkingDayDate,
}: {
  orders: TEmployeeOrder[];
  lastWorkingDayDate: string;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t("employerEmployees.orders.title")} headingOrder={3}>
      {orders.length === 0 ? (
        <EmptyState text={t("employerEmployees.orders.empty")} />
      ) : (
        <Stack gap="sm">
          {orders.map((order) => (
            <Paper key={order.orderId} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{t("employerEmployees.orders.number", { number: order.orderNumber })}</Text>
                  <StatusBadge family="order" status={order.orderStatus} />
                </Group>
                <DetailsList
                  items={[
                    { label: t("employerEmployees.orders.store"), value: order.bikeStore?.storeName },
                    {
                      label: t("employerEmployees.orders.price"),
                      value: order.totalPrice === null ? null : money(centsOf(order.totalPrice)),
                    },
                    {
                      label: t("employerEmployees.orders.monthlyPayment"),
                      value: order.monthlyPayment === null ? null : money(centsOf(order.monthlyPayment)),
                    },
                    {
                      label: t("employerEmployees.orders.leasePeriod"),
                      value:
                        order.leaseStartDate &&
                        `${formatDate(order.leaseStartDate)} – ${order.leaseEndDate ? formatDate(order.leaseEndDate) : ""}`,
                    },
                    {
                      label: t("employerEmployees.orders.leaseTime"),
                      value:
                        order.leaseTimeMonths !== null &&
                        t("employerEmployees.orders.months", { count: order.leaseTimeMonths }),
                    },
                    { label: t("employerEmployees.orders.created"), value: formatDateTime(order.createdAt) },
                  ]}
                />
                <RedemptionOpenAction order={order} lastWorkingDayDate={lastWorkingDayDate} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * "Päätä työsuhde": the last working day, with what it means for the lease. The last gross-salary
 * deduction is made from the final pay; the bike is then redeemed, returned or moved to a colleague.
 */
function EndEmploymentSection({ employee }: { employee: TEmployeeDetails }) {
  const { t } = useTranslation();
  const update = useUpdateEmployee(employee.beneficiaryEmployeeId);
  const [confirming, setConfirming] = useState(false);
  const current = hasEmploymentEnd(employee.lastWorkingDayDate) ? employee.lastWorkingDayDate : "";
  const form = useContractForm({
    initialValues: { lastWorkingDayDate: current },
    schema: zUpdateEmployee,
    texts: employmentDateIssueTexts(t),
    // Ending the employment needs the day; the contract lets a change leave it out. The day is not
    // before the person joined nor before their trial period ends, as in the employee's other forms.
    rules: {
      lastWorkingDayDate: (value) => {
        if (!value) return t("employerEmployees.end.dateRequired");
        const [issue] = employmentDateIssues({
          joinedOn: joinedOnOf(employee),
          jobTrialPeriodEndDate: employee.jobTrialPeriodEndDate,
          lastWorkingDayDate: value,
        });
        return issue ? employmentDateText(t, issue.rule, issue.limit) : null;
      },
    },
  });
  const value = form.values.lastWorkingDayDate;
  const today = toHelsinkiDateString(new Date());
  const leasing = employee.orders.some((order) => order.orderStatus === "ACTIVE_LEASING");
  const name = fullName(employee);

  return (
    <SectionCard
      title={t("employerEmployees.end.title")}
      description={t("employerEmployees.end.description")}
      headingOrder={3}
    >
      <Stack gap="md">
        {current && (
          <Text size="sm" fw={600}>
            {current < today
              ? t("employerEmployees.end.ended", { date: formatDate(current) })
              : t("employerEmployees.end.ends", { date: formatDate(current) })}
          </Text>
        )}
        {leasing && (
          <Alert variant="light" color="yellow" title={t("employerEmployees.end.leasingTitle")}>
            {t("employerEmployees.end.leasing")}
          </Alert>
        )}
        <form noValidate onSubmit={form.onSubmit(() => setConfirming(true))}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DateField
              label={t("employerEmployees.fields.lastWorkingDayDate")}
              description={isFarFutureTypo(value) ? t("employerEmployees.form.farFuture") : undefined}
              required
              {...form.getInputProps("lastWorkingDayDate")}
            />
            <Button type="submit" variant="outline" color="red" loading={update.isPending}>
              {t("employerEmployees.end.submit")}
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("employerEmployees.end.confirmTitle", { name, date: value ? formatDate(value) : "" })}
        confirmLabel={t("employerEmployees.end.submit")}
        loading={update.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          mutateThen(
            update,
            { lastWorkingDayDate: value },
            {
              onSuccess: () => {
                setConfirming(false);
                showSuccessToast(t("employerEmployees.end.saved", { name, date: formatDate(value) }));
              },
              onError: (error) => {
                setConfirming(false);
                if (!form.setServerErrors(error)) showErrorToast(error);
              },
            },
          )
        }
      >
        {t("employerEmployees.end.confirmText")}
      </ConfirmDialog>
    </SectionCard>
  );
}
