import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  reminderSettingsApi as api,
  type TBackupApproverCandidate,
  type TReminderSettingsInput,
} from "../../../../contract/reminder-settings.ts";
import {
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  type ReminderSettingsField,
  reminderSettingsProblems,
  type SwitchableReminderKind,
} from "../../../../domain/reminder-settings.ts";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { refreshEmployerSettings } from "./settings-api.ts";

/**
 * "Muistutukset" on the company's settings page: after how many days the company's approvers, its
 * employees and the bike store are reminded of an order left waiting, after how many the approval is
 * escalated and to whom (the group admin, or a backup approver the admin names), and an on/off for
 * each kind, the deadline reminders too. The unpaid own payment's reminder is always sent, and says so.
 */

/** The form's parts: each wait with the switch of the kinds it times, and their texts' keys. */
const PARTS = [
  {
    key: "approval",
    title: "employerReminders.parts.approval.title",
    help: "employerReminders.parts.approval.help",
    days: ["approverAfterDays", "escalationAfterDays"],
    kinds: ["EMPLOYER_APPROVAL"],
  },
  {
    key: "employee",
    title: "employerReminders.parts.employee.title",
    help: "employerReminders.parts.employee.help",
    days: ["employeeFirstAfterDays", "employeeSecondAfterDays"],
    kinds: ["PACKAGE_ACCEPTANCE", "AGREEMENT_SIGNING"],
  },
  {
    key: "store",
    title: "employerReminders.parts.store.title",
    help: "employerReminders.parts.store.help",
    days: ["storeAfterDays"],
    kinds: ["STORE_PACKAGE"],
  },
  {
    key: "deadlines",
    title: "employerReminders.parts.deadlines.title",
    help: "employerReminders.parts.deadlines.help",
    days: [],
    kinds: ["DEFECT_WINDOW", "LEASE_END_CHOICE", "LEASE_END"],
  },
] as const satisfies readonly {
  key: string;
  title: string;
  help: string;
  days: readonly ReminderSettingsField[];
  kinds: readonly SwitchableReminderKind[];
}[];

const KIND_KEYS = {
  EMPLOYER_APPROVAL: "employerReminders.kinds.EMPLOYER_APPROVAL",
  PACKAGE_ACCEPTANCE: "employerReminders.kinds.PACKAGE_ACCEPTANCE",
  AGREEMENT_SIGNING: "employerReminders.kinds.AGREEMENT_SIGNING",
  STORE_PACKAGE: "employerReminders.kinds.STORE_PACKAGE",
  DEFECT_WINDOW: "employerReminders.kinds.DEFECT_WINDOW",
  LEASE_END_CHOICE: "employerReminders.kinds.LEASE_END_CHOICE",
  LEASE_END: "employerReminders.kinds.LEASE_END",
} as const satisfies Record<SwitchableReminderKind, string>;

const FIELD_KEYS = {
  approverAfterDays: "employerReminders.fields.approverAfterDays",
  escalationAfterDays: "employerReminders.fields.escalationAfterDays",
  employeeFirstAfterDays: "employerReminders.fields.employeeFirstAfterDays",
  employeeSecondAfterDays: "employerReminders.fields.employeeSecondAfterDays",
  storeAfterDays: "employerReminders.fields.storeAfterDays",
} as const satisfies Record<ReminderSettingsField, string>;

const GROUP_ADMIN = "";

function nameOf(candidate: TBackupApproverCandidate): string {
  const name = [candidate.firstName, candidate.lastName].filter(Boolean).join(" ");
  return name ? `${name} (${candidate.email})` : candidate.email;
}

export function ReminderSettingsSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = { params: { id: companyId } };
  const settings = useEndpointQuery(api.settings, input);
  const status = useSectionStatus(t("employerReminders.failedTitle"));
  const [draft, setDraft] = useState<TReminderSettingsInput | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(settings.data.settings);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (body: TReminderSettingsInput) => callEndpoint(api.update, { ...input, body }),
    meta: { silent: true },
    onSuccess: () => {
      setTried(false);
      void refreshEmployerSettings(queryClient, "reminders");
      status.success(t("employerReminders.saved"));
    },
    onError: (error) => status.failure(messageForApiError(error, t)),
  });

  if (settings.isError) {
    return (
      <SectionCard title={t("employerReminders.title")} description={t("employerReminders.description")}>
        <Text size="sm" role="alert">
          {t("employerReminders.loadFailed")}
        </Text>
      </SectionCard>
    );
  }
  if (!draft || !settings.data) return null;

  const problems = reminderSettingsProblems(draft);
  const errorOf = (field: ReminderSettingsField) => {
    const problem = problems.find((p) => p.field === field);
    if (!problem || !tried) return undefined;
    return problem.problem === "OUT_OF_RANGE"
      ? t("employerReminders.errors.range", { min: REMINDER_DAYS_MIN, max: REMINDER_DAYS_MAX })
      : t(
          field === "escalationAfterDays"
            ? "employerReminders.errors.escalation"
            : "employerReminders.errors.second",
        );
  };
  const isOn = (kind: SwitchableReminderKind) => !draft.disabledKinds.includes(kind);
  const toggle = (kind: SwitchableReminderKind, on: boolean) =>
    setDraft({
      ...draft,
      disabledKinds: on ? draft.disabledKinds.filter((k) => k !== kind) : [...draft.disabledKinds, kind],
    });
  const onSave = () => {
    setTried(true);
    status.clear();
    if (problems.length === 0) save.mutate(draft);
  };
  const candidates = settings.data.backupApproverCandidates;

  return (
    <SectionCard title={t("employerReminders.title")} description={t("employerReminders.description")}>
      <Stack gap="md">
        {status.element}
        {!settings.data.saved && (
          <Alert variant="light" title={t("employerReminders.defaultsTitle")}>
            {t("employerReminders.defaults")}
          </Alert>
        )}
        {PARTS.map((part) => (
          <Stack key={part.key} gap="xs">
            <Title order={4}>{t(part.title)}</Title>
            <Text size="sm" c="dimmed">
              {t(part.help)}
            </Text>
            {part.kinds.map((kind) => (
              <Switch
                key={kind}
                label={t(KIND_KEYS[kind])}
                checked={isOn(kind)}
                onChange={(event) => toggle(kind, event.currentTarget.checked)}
              />
            ))}
            {part.days.length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {part.days.map((field) => (
                  <NumberInput
                    key={field}
                    label={t(FIELD_KEYS[field])}
                    min={REMINDER_DAYS_MIN}
                    max={REMINDER_DAYS_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    // An impossible value is named under its field on save, never silently changed.
                    clampBehavior="none"
                    value={Number.isNaN(draft[field]) ? "" : draft[field]}
                    error={errorOf(field)}
                    // An emptied field holds no number until one is typed: NaN, which the rule refuses.
                    onChange={(value) =>
                      setDraft({ ...draft, [field]: typeof value === "number" ? value : Number.NaN })
                    }
                  />
                ))}
              </SimpleGrid>
            )}
            {part.key === "approval" && (
              <Select
                label={t("employerReminders.fields.backupApprover")}
                description={t("employerReminders.fields.backupApproverHelp")}
                data={[
                  { value: GROUP_ADMIN, label: t("employerReminders.groupAdmin") },
                  ...candidates.map((candidate) => ({ value: candidate.userId, label: nameOf(candidate) })),
                ]}
                value={draft.backupApproverUserId ?? GROUP_ADMIN}
                allowDeselect={false}
                onChange={(value) => setDraft({ ...draft, backupApproverUserId: value ? value : null })}
              />
            )}
          </Stack>
        ))}
        <Text size="sm">{t("employerReminders.paymentAlways")}</Text>
        <Group>
          <Button loading={save.isPending} onClick={onSave}>
            {t("employerReminders.save")}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
