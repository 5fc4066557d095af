import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TCompanyName } from "../../../../contract/companies.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../tax-tables/section-status.tsx";
import {
  type RecipientOwner,
  useAddRecipient,
  useCompanyPeople,
  usePayrollRecipients,
  useRemoveRecipient,
} from "./companies-api.ts";
import { companyErrorText } from "./company-messages.ts";

/** A picker lists this many people of a company; the API's page maximum. */
const PICKER_LIMIT = 100;

/**
 * Who receives a company's or a group's payroll report (SPEC §3 "Payroll report recipient"): the list
 * with a remove button each, and an add from the people of the company (for a group: of one of its
 * companies, picked first), since a recipient must hold a role there.
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
  const status = useSectionStatus();
  const recipients = usePayrollRecipients(owner);
  const add = useAddRecipient(owner);
  const remove = useRemoveRecipient(owner);
  const [companyId, setCompanyId] = useState<string>(companies[0]?.id ?? "");
  const [userId, setUserId] = useState("");
  const people = useCompanyPeople(companyId || null, 1, PICKER_LIMIT);
  const current = recipients.data ?? [];
  const candidates = (people.data?.items ?? []).filter(
    (person) => !person.deactivated && !current.some((r) => r.userId === person.userId),
  );

  function addChosen() {
    const person = people.data?.items.find((p) => p.userId === userId);
    if (!person) return;
    const name = `${person.firstName} ${person.lastName}`;
    add.mutate(person.userId, {
      onSuccess: () => {
        setUserId("");
        status.success(t("adminCompanies.recipients.added", { name }));
      },
      onError: (error) =>
        status.failure(t("adminCompanies.recipients.addFailed", { reason: companyErrorText(error, t) })),
    });
  }

  return (
    <Stack gap="md">
      {status.element}
      {recipients.isError ? (
        <Text size="sm" role="alert">
          {t("adminCompanies.recipients.loadFailed")}
        </Text>
      ) : current.length === 0 ? (
        <EmptyState text={t("adminCompanies.recipients.empty")} />
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {current.map((r) => {
            const name = `${r.firstName} ${r.lastName}`;
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
                  loading={remove.isPending && remove.variables === r.userId}
                  aria-label={t("adminCompanies.recipients.removeNamed", { name })}
                  onClick={() =>
                    remove.mutate(r.userId, {
                      onSuccess: () => status.success(t("adminCompanies.recipients.removed", { name })),
                      onError: (error) =>
                        status.failure(
                          t("adminCompanies.recipients.removeFailed", { reason: companyErrorText(error, t) }),
                        ),
                    })
                  }
                >
                  {t("adminCompanies.recipients.remove")}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      <Group align="end" gap="sm" wrap="wrap">
        {companies.length > 1 && (
          <NativeSelect
            label={t("adminCompanies.recipients.company")}
            value={companyId}
            onChange={(event) => {
              setCompanyId(event.currentTarget.value);
              setUserId("");
            }}
            data={companies.map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
        <NativeSelect
          label={t("adminCompanies.recipients.person")}
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value)}
          disabled={!companyId}
          data={[
            { value: "", label: t("adminCompanies.form.choose") },
            ...candidates.map((p) => ({
              value: p.userId,
              label: `${p.firstName} ${p.lastName} (${p.workEmail})`,
            })),
          ]}
        />
        <Button variant="light" onClick={addChosen} disabled={!userId} loading={add.isPending}>
          {t("adminCompanies.recipients.add")}
        </Button>
      </Group>
      {companies.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("adminCompanies.recipients.noCompanies")}
        </Text>
      )}
    </Stack>
  );
}

/** The company page's section of payroll report recipients. */
export function PayrollRecipientsSection({ company }: { company: TCompanyName }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t("adminCompanies.recipients.title")}
      description={t("adminCompanies.recipients.description")}
      headingOrder={3}
    >
      <PayrollRecipientsEditor owner={{ kind: "company", id: company.id }} companies={[company]} />
    </SectionCard>
  );
}
