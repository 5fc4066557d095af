import { Button, Group, Radio, Stack, Switch, Text, Textarea } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  joinRulesApi as api,
  type TJoinRule,
  type TJoinRuleInput,
  zJoinRuleInput,
} from "../../../../contract/join-rules.ts";
import {
  DOMAIN_JOINER_TREATMENTS,
  type DomainJoinerTreatment,
  MAX_JOIN_DOMAINS,
} from "../../../../domain/join-rules.ts";
import { domainsInText, normalizeDomain } from "../../../../domain/single-sign-on.ts";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";

/**
 * "Liittyminen työsähköpostilla" on the company's settings page: the company's own e-mail domains, and
 * whether a joiner at its registration link with an address there is accepted once the address is
 * confirmed or waits for approval as the others do; and whether the link takes only such addresses.
 * A domain is added by someone who vouches for it: the admin's own login domain, the company's single
 * sign-on domains, or customer service; the server says which domain it refuses and why.
 */

const TREATMENT_TEXTS = {
  ACCEPT: { label: "joinRule.treatments.ACCEPT.label", help: "joinRule.treatments.ACCEPT.help" },
  WAIT: { label: "joinRule.treatments.WAIT.label", help: "joinRule.treatments.WAIT.help" },
} as const satisfies Record<DomainJoinerTreatment, { label: string; help: string }>;

type Draft = { domains: string; domainJoiners: DomainJoinerTreatment; domainsOnly: boolean };

const draftOf = (rule: TJoinRule): Draft => ({
  domains: rule.domains.join("\n"),
  domainJoiners: rule.domainJoiners,
  domainsOnly: rule.domainsOnly,
});

const bodyOf = (draft: Draft): TJoinRuleInput => ({
  domains: domainsInText(draft.domains).map(normalizeDomain),
  domainJoiners: draft.domainJoiners,
  domainsOnly: draft.domainsOnly,
});

/** The contract's complaint about the typed domains, in the admin's words; nothing is sent while there is one. */
function draftProblem(body: TJoinRuleInput, t: TFunction): string | undefined {
  const parsed = zJoinRuleInput.safeParse(body);
  if (parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  const index = issue?.path[1];
  if (typeof index === "number") return t("joinRule.domainInvalid", { domain: body.domains[index] ?? "" });
  if (issue?.code === "too_big") return t("joinRule.tooManyDomains", { max: MAX_JOIN_DOMAINS });
  return t("joinRule.domainsRequired");
}

/** The domain the server refused (its code and index in the body), named in the field's error. */
function refusedDomain(error: unknown, body: TJoinRuleInput | undefined, t: TFunction) {
  if (!(error instanceof ApiError) || !body) return undefined;
  const index = error.details
    .map((d) => /^body\.domains\.(\d+)$/.exec(d.field)?.[1])
    .find((i) => i !== undefined);
  if (index === undefined) return undefined;
  const domain = body.domains[Number(index)] ?? "";
  return `${domain}: ${t(`errors.${error.code}`)}`;
}

export function JoinRuleSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = { params: { id: companyId } };
  const rule = useEndpointQuery(api.rule, input);
  const status = useSectionStatus(t("joinRule.failedTitle"));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (rule.data) setDraft(draftOf(rule.data));
  }, [rule.data]);

  const save = useMutation({
    mutationFn: (body: TJoinRuleInput) => callEndpoint(api.update, { ...input, body }),
    meta: { silent: true },
    onSuccess: (saved) => {
      setTried(false);
      queryClient.setQueryData(endpointKey(api.rule, input), saved);
      status.success(t("joinRule.saved"));
    },
    onError: (error, body) => {
      if (!refusedDomain(error, body, t)) status.failure(messageForApiError(error, t));
    },
  });

  const title = t("joinRule.title");
  const description = t("joinRule.description");
  if (rule.isError) {
    return (
      <SectionCard title={title} description={description}>
        <Text size="sm" role="alert">
          {t("joinRule.loadFailed")}
        </Text>
      </SectionCard>
    );
  }
  if (!draft || !rule.data) return null;

  const body = bodyOf(draft);
  const localError = draftProblem(body, t);
  const domainsError =
    (tried ? localError : undefined) ??
    (save.isError ? refusedDomain(save.error, save.variables, t) : undefined);
  const { ownDomain, singleSignOnDomains } = rule.data;
  const vouchers = [ownDomain, ...singleSignOnDomains].filter((d): d is string => !!d);

  const onSave = () => {
    setTried(true);
    status.clear();
    if (!localError) save.mutate(body);
  };

  return (
    <SectionCard title={title} description={description}>
      <Stack gap="md">
        {status.element}
        {body.domains.length === 0 && <Text size="sm">{t("joinRule.noDomains")}</Text>}
        <Textarea
          label={t("joinRule.domains")}
          description={
            vouchers.length > 0
              ? t("joinRule.domainsHelp", { domains: [...new Set(vouchers)].join(", ") })
              : t("joinRule.domainsHelpHelpdesk")
          }
          placeholder={ownDomain ?? undefined}
          rows={3}
          value={draft.domains}
          error={domainsError}
          onChange={(event) => setDraft({ ...draft, domains: event.currentTarget.value })}
        />
        <Radio.Group
          label={t("joinRule.domainJoiners")}
          value={draft.domainJoiners}
          onChange={(value) => setDraft({ ...draft, domainJoiners: value as DomainJoinerTreatment })}
        >
          <Stack gap="xs" mt="xs">
            {DOMAIN_JOINER_TREATMENTS.map((treatment) => (
              <Radio
                key={treatment}
                value={treatment}
                label={t(TREATMENT_TEXTS[treatment].label)}
                description={t(TREATMENT_TEXTS[treatment].help)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Switch
          label={t("joinRule.domainsOnly")}
          description={t("joinRule.domainsOnlyHelp")}
          checked={draft.domainsOnly}
          onChange={(event) => setDraft({ ...draft, domainsOnly: event.currentTarget.checked })}
        />
        <Group>
          <Button loading={save.isPending} onClick={onSave}>
            {t("joinRule.save")}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
