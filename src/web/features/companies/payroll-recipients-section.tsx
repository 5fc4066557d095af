import { Button, Group, MultiSelect, NativeSelect, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TCompanyName } from "../../../contract/companies.ts";
import type { TPayrollRecipient } from "../../../contract/company-settings.ts";
import type { TSystemUserItem } from "../../../contract/system-users.ts";
import { EMPLOYER_ROLES } from "../../../domain/roles.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useSectionStatus } from "../../components/section-status.tsx";
import { mutateThen } from "../../lib/endpoint-client.ts";
import {
  type RecipientOwner,
  useAddRecipients,
  useCompanyPeople,
  usePayrollRecipients,
  useRemoveRecipient,
} from "./companies-api.ts";
import { companyErrorText } from "./company-messages.ts";

/** A picker lists this many people of a company; the API's page maximum. */
const PICKER_LIMIT = 100;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Whether the person holds an employer role (EMPLOYER_*): only they may receive a payroll report. */
const isEmployerSide = (person: TSystemUserItem) =>
  person.roles.some((role) => (EMPLOYER_ROLES as readonly string[]).includes(role));

/**
 * Who receives a company's or a group's payroll report (docs/data-model.md "Payroll report recipient"): the list
 * with a remove button each (confirmed), and several added at once from the employer-side users of the
 * company (for a group: of one of its companies, picked first), since a recipient must hold an employer
 * role there. The server sends the ids as one list (docs/product.md "Field rules").
 */
export function PayrollRecipientsEditor({
  owner,
  companies,
}: {
  owner: RecipientOwner;
  /** Where the people come from: the company itself, or the group's companies. */
  companies: readonly TCompanyName[];
}) {
  const { t } = useTranslation();
  const status = useSectionStatus(t("companySections.status.failedTitle"));
  const recipients = usePayrollRecipients(owner);
  const add = useAddRecipients(owner);
  const remove = useRemoveRecipient(owner);
  const [companyId, setCompanyId] = useState<string>(companies[0]?.id ?? "");
  const [chosen, setChosen] = useState<string[]>([]);
  const [removing, setRemoving] = useState<TPayrollRecipient | null>(null);
  const people = useCompanyPeople(companyId || null, 1, PICKER_LIMIT);
  const current = recipients.data ?? [];
  const candidates = (people.data?.items ?? []).filter(
    (person) =>
      !person.deactivated && isEmployerSide(person) && !current.some((r) => r.userId === person.userId),
  );

  function addChosen() {
    const picked = candidates.filter((p) => chosen.includes(p.userId));
    if (picked.length === 0) return;
    const names = picked.map(fullName).join(", ");
    mutateThen(
      add,
      picked.map((p) => p.userId),
      {
        onSuccess: () => {
          setChosen([]);
          status.success(t("companySections.recipients.added", { names }));
        },
        onError: (error) =>
          status.failure(t("companySections.recipients.addFailed", { reason: companyErrorText(error, t) })),
      },
    );
  }

  function confirmRemove() {
    const recipient = removing;
    if (!recipient) return;
    const name = fullName(recipient);
    mutateThen(remove, recipient.userId, {
      onSuccess: () => status.success(t("companySections.recipients.removed", { name })),
      onError: (error) =>
        status.failure(t("companySections.recipients.removeFailed", { reason: companyErrorText(error, t) })),
      onSettled: () => setRemoving(null),
    });
  }

  let list: ReactNode;
  if (recipients.isPending) {
    list = (
      <Text size="sm" c="dimmed" role="status">
        {t("companySections.recipients.loading")}
      </Text>
    );
  } else if (recipients.isError) {
    list = (
      <Group gap="sm" role="alert">
        <Text size="sm">{t("companySections.recipients.loadFailed")}</Text>
        <Button size="xs" variant="default" onClick={() => void recipients.refetch()}>
          {t("ds.table.retry")}
        </Button>
      </Group>
    );
  } else if (current.length === 0) {
    list = <EmptyState text={t("companySections.recipients.empty")} />;
  } else {
    list = (
      <Stack
        component="ul"
        gap="xs"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
        aria-label={t("companySections.recipients.listLabel")}
      >
        {current.map((r) => {
          const name = fullName(r);
          return (
            <Group key={r.userId} component="li" justify="space-between" gap="sm" wrap="wrap">
              <div>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="sm" c="dimmed">
                  {r.email}
                </Text>
              </div>
              <Button
                size="xs"
                variant="outline"
                color="red"
                aria-label={t("companySections.recipients.removeNamed", { name })}
                onClick={() => {
                  status.clear();
                  setRemoving(r);
                }}
              >
                {t("companySections.recipients.remove")}
              </Button>
            </Group>
          );
        })}
      </Stack>
    );
  }

  const pickerPlaceholder = people.isPending
    ? t("ds.table.loading")
    : candidates.length === 0
      ? t("companySections.recipients.noCandidates")
      : t("companySections.recipients.choose");

  return (
    <Stack gap="md">
      {status.element}
      {list}
      {companies.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("companySections.recipients.noCompanies")}
        </Text>
      ) : (
        <Group align="end" gap="sm" wrap="wrap">
          {companies.length > 1 && (
            <NativeSelect
              label={t("companySections.recipients.company")}
              value={companyId}
              onChange={(event) => {
                setCompanyId(event.currentTarget.value);
                setChosen([]);
              }}
              data={companies.map((c) => ({ value: c.id, label: c.name }))}
            />
          )}
          <MultiSelect
            label={t("companySections.recipients.people")}
            description={t("companySections.recipients.peopleHelp")}
            placeholder={chosen.length === 0 ? pickerPlaceholder : undefined}
            data={candidates.map((p) => ({ value: p.userId, label: `${fullName(p)} (${p.workEmail})` }))}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            disabled={people.isPending || candidates.length === 0}
            nothingFoundMessage={t("companySections.recipients.nothingFound")}
            style={{ flex: "1 1 18rem" }}
          />
          <Button variant="light" onClick={addChosen} disabled={chosen.length === 0} loading={add.isPending}>
            {t("companySections.recipients.add")}
          </Button>
        </Group>
      )}
      {people.isError && (
        <Group gap="sm" role="alert">
          <Text size="sm">{t("companySections.recipients.peopleFailed")}</Text>
          <Button size="xs" variant="default" onClick={() => void people.refetch()}>
            {t("ds.table.retry")}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t("companySections.recipients.removeTitle", { name: removing ? fullName(removing) : "" })}
        confirmLabel={t("companySections.recipients.removeConfirm")}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        {t("companySections.recipients.removeText", { name: removing ? fullName(removing) : "" })}
      </ConfirmDialog>
    </Stack>
  );
}

/** The payroll report recipients of one company. */
export function PayrollRecipientsSection({
  company,
  headingOrder = 2,
}: {
  company: TCompanyName;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t("companySections.recipients.title")}
      description={t("companySections.recipients.description")}
      headingOrder={headingOrder}
    >
      <PayrollRecipientsEditor owner={{ kind: "company", id: company.id }} companies={[company]} />
    </SectionCard>
  );
}

/** The payroll report recipients of a group (for its group admins and the admin tier). */
export function GroupPayrollRecipientsSection({
  group,
  companies,
  headingOrder = 2,
}: {
  group: { id: string; name: string };
  /** The group's companies the people may come from. */
  companies: readonly TCompanyName[];
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t("companySections.recipients.groupTitle", { group: group.name })}
      description={t("companySections.recipients.groupDescription", { group: group.name })}
      headingOrder={headingOrder}
    >
      <PayrollRecipientsEditor owner={{ kind: "group", id: group.id }} companies={companies} />
    </SectionCard>
  );
}
