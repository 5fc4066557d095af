import { Button, Checkbox, Group, Stack, Text, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type TDecideEmployee, type TEmployee, zDecideEmployee } from "../../../../contract/employees.ts";
import {
  GRANTABLE_EMPLOYER_ROLES,
  type GrantableEmployerRole,
  mayGrantEmployerRolesIn,
} from "../../../../domain/employees.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { showErrorToast } from "../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { useSession } from "../../../lib/session.ts";
import { showSuccessToast, showToast } from "../../../lib/toast.ts";
import {
  EMPTY_EMPLOYEE_FORM,
  type EmployeeFormValues,
  EmployerFields,
  employerFieldRules,
  employerFieldsBody,
  employmentDateIssueTexts,
  formValuesOf,
  joinedOnOf,
  useLanguage,
} from "./employee-form.tsx";
import { fullName, ROLE_LABELS } from "./employee-labels.tsx";
import { refreshEmployees, useDecideEmployee } from "./employees-api.ts";

/**
 * Deciding a join request (docs/api-surface.md decide). The answer replaces the row at once (employees-api.ts).
 * Someone else may have decided first (409 EMPLOYEE_ALREADY_DECIDED): that is said and the list is
 * fetched again; any other failure is the error toast, and the dialog stays open with what was typed.
 */
function useDecide(onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useDecideEmployee();
  function send(employee: TEmployee, body: TDecideEmployee, success: string) {
    mutateThen(
      decide,
      { id: employee.beneficiaryEmployeeId, body },
      {
        onSuccess: () => {
          showSuccessToast(success);
          onDone();
        },
        onError: (error) => {
          if (
            error instanceof ApiError &&
            error.status === 409 &&
            error.code === "EMPLOYEE_ALREADY_DECIDED"
          ) {
            void showToast({
              color: "yellow",
              position: "top-right",
              title: t("employerEmployees.decide.alreadyDecidedTitle"),
              message: t("employerEmployees.decide.alreadyDecided", { name: fullName(employee) }),
              closeButtonProps: { "aria-label": t("common.close") },
            });
            void refreshEmployees(queryClient, "all");
            onDone();
          } else showErrorToast(error);
        },
      },
    );
  }
  return { send, pending: decide.isPending };
}

/** Accepting: the employee's fields for payroll and, for an employer admin, employer roles. */
export function AcceptDialog({ employee, onClose }: { employee: TEmployee | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      opened={employee !== null}
      onCancel={onClose}
      title={employee ? t("employerEmployees.accept.title", { name: fullName(employee) }) : ""}
      size="lg"
    >
      {employee && <AcceptForm key={employee.beneficiaryEmployeeId} employee={employee} onClose={onClose} />}
    </ActionDialog>
  );
}

function AcceptForm({ employee, onClose }: { employee: TEmployee; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { user } = useSession();
  // Roles are given only where the user is the company's employer admin (or its group's group admin).
  const company = user?.companies.find((c) => c.id === employee.companyId);
  const mayGrant =
    !!user &&
    mayGrantEmployerRolesIn(
      user.userRoles,
      { id: employee.companyId, groupCompanyId: company?.groupCompanyId ?? null },
      (id) => user.companies.find((c) => c.id === id)?.groupCompanyId,
    );
  const decide = useDecide(onClose);
  const form = useContractForm<EmployeeFormValues>({
    initialValues: { ...EMPTY_EMPLOYEE_FORM, ...formValuesOf(employee, lang) },
    schema: zDecideEmployee,
    toBody: (values) => ({ decision: "ACCEPTED", ...employerFieldsBody(values) }),
    // The employer's fields' own rules: dates, a price typed as text.
    rules: employerFieldRules(t, joinedOnOf(employee)),
    texts: employmentDateIssueTexts(t),
  });
  const errorSummary = useFormErrorSummary(form);
  const name = fullName(employee);

  function save(values: EmployeeFormValues) {
    const body: TDecideEmployee = { decision: "ACCEPTED", ...employerFieldsBody(values) };
    // Only an employer admin or group admin hands out roles; an editor's call would be refused (403).
    if (mayGrant) body.roles = values.roles;
    decide.send(employee, body, t("employerEmployees.accept.done", { name }));
  }

  return (
    <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
      <Stack gap="md">
        {errorSummary.summary}
        <Text size="sm">
          {t("employerEmployees.accept.intro", {
            name,
            email: employee.systemUser.workEmail,
            company: employee.companyName,
            time: formatDateTime(employee.createdAt),
          })}
        </Text>
        <EmployerFields
          form={form}
          companyId={employee.companyId}
          companyMaxPrice={employee.companyMaxPrice}
        />
        {mayGrant && (
          <Checkbox.Group
            label={t("employerEmployees.accept.roles")}
            description={t("employerEmployees.accept.rolesHelp", { name })}
            value={form.values.roles}
            onChange={(roles) => form.setFieldValue("roles", roles as GrantableEmployerRole[])}
          >
            <Stack gap="xs" mt="xs">
              {GRANTABLE_EMPLOYER_ROLES.map((role) => (
                <Checkbox
                  key={role}
                  value={role}
                  label={t(ROLE_LABELS[role].label)}
                  description={t(ROLE_LABELS[role].help)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decide.pending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={decide.pending}>
            {t("employerEmployees.accept.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Rejecting: a destructive decision, so it is asked like ConfirmDialog (focus on Peruuta, the red
 * button names the action), with an optional reason that goes to the person in the rejection mail.
 */
export function RejectDialog({ employee, onClose }: { employee: TEmployee | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      opened={employee !== null}
      onCancel={onClose}
      title={employee ? t("employerEmployees.reject.title", { name: fullName(employee) }) : ""}
    >
      {employee && <RejectForm key={employee.beneficiaryEmployeeId} employee={employee} onClose={onClose} />}
    </ActionDialog>
  );
}

function RejectForm({ employee, onClose }: { employee: TEmployee; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecide(onClose);
  const rejection = (values: { reason: string }): TDecideEmployee => ({
    decision: "REJECTED",
    reason: values.reason.trim() || null,
  });
  // The reason's limit is the contract's, said at the field before the server would refuse it.
  const form = useContractForm({
    initialValues: { reason: "" },
    schema: zDecideEmployee,
    toBody: rejection,
  });
  const name = fullName(employee);
  const submit = form.onSubmit((values) =>
    decide.send(employee, rejection(values), t("employerEmployees.reject.done", { name })),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t("employerEmployees.reject.text", { email: employee.systemUser.workEmail })}</Text>
        <Textarea
          label={t("employerEmployees.reject.reason")}
          description={t("employerEmployees.reject.reasonHelp")}
          rows={3}
          {...form.getInputProps("reason")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={decide.pending} data-autofocus>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" color="red" loading={decide.pending}>
            {t("employerEmployees.reject.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
