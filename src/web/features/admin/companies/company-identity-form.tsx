import { Alert, Button, Group, NativeSelect, Radio, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import type { TFunction } from "i18next";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  type TCompanyIdentity,
  zUpdateCompanyIdentity as zUpdate,
  type zUpdateCompanyIdentity,
} from "../../../../contract/single-sign-on.ts";
import { SIGNING_POLICIES, type SigningPolicy } from "../../../../domain/identification.ts";
import {
  domainsInText,
  entraIssuer,
  GOOGLE_ISSUER,
  issuerFitsPreset,
  SSO_PRESETS,
  type SsoPreset,
} from "../../../../domain/single-sign-on.ts";
import { FieldLabel, RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { PasswordInput } from "../../../components/password-input.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { type SchemaIssue, useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { revealOpenedForm } from "../../../lib/reveal-form.ts";
import { useSaveCompanyIdentity } from "./companies-api.ts";
import { companyErrorText, isConflict } from "./company-messages.ts";

/**
 * The form of a company's identity settings: how its orders are signed, and its own identity provider
 * for single sign-on. The admin names the provider as its console does (an Entra tenant, Google, or an
 * issuer address) and the form makes the issuer the contract wants; the client secret is never shown,
 * only replaced. Removing the provider is the section's own confirmed action, not a field here.
 */

export const POLICY_LABELS: Record<SigningPolicy, string> = {
  SMS_CODE: "adminCompanies.identity.policies.SMS_CODE",
  STRONG_OR_SMS_CODE: "adminCompanies.identity.policies.STRONG_OR_SMS_CODE",
  STRONG: "adminCompanies.identity.policies.STRONG",
};

const POLICY_HELP: Record<SigningPolicy, string> = {
  SMS_CODE: "adminCompanies.identity.policyHelp.SMS_CODE",
  STRONG_OR_SMS_CODE: "adminCompanies.identity.policyHelp.STRONG_OR_SMS_CODE",
  STRONG: "adminCompanies.identity.policyHelp.STRONG",
};

export const PRESET_LABELS: Record<SsoPreset, string> = {
  ENTRA_ID: "adminCompanies.identity.presets.ENTRA_ID",
  GOOGLE: "adminCompanies.identity.presets.GOOGLE",
  OIDC: "adminCompanies.identity.presets.OIDC",
};

const MAX_DOMAINS = 20;
const ENTRA_PREFIX = "https://login.microsoftonline.com/";

type Values = {
  signingPolicy: SigningPolicy;
  /** Whether the company logs in through its own provider (only asked before it has one). */
  ssoOn: boolean;
  preset: SsoPreset;
  /** Entra ID's directory (tenant) id or verified domain. */
  tenant: string;
  /** Another provider's issuer address. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** One domain a line (commas and spaces separate too). */
  emailDomains: string;
  required: boolean;
  enabled: boolean;
};

type Body = z.input<typeof zUpdateCompanyIdentity>;

/** The tenant of a stored Entra issuer, to edit it as the admin typed it. */
function tenantOf(issuer: string): string {
  return issuer.startsWith(ENTRA_PREFIX) ? issuer.slice(ENTRA_PREFIX.length).replace(/\/v2\.0$/, "") : "";
}

function initialValues(identity: TCompanyIdentity): Values {
  const sso = identity.sso;
  return {
    signingPolicy: identity.signingPolicy,
    ssoOn: sso !== null,
    preset: sso?.preset ?? "ENTRA_ID",
    tenant: sso?.preset === "ENTRA_ID" ? tenantOf(sso.issuer) : "",
    issuer: sso?.preset === "OIDC" ? sso.issuer : "",
    clientId: sso?.clientId ?? "",
    clientSecret: "",
    emailDomains: sso?.emailDomains.join("\n") ?? "",
    required: sso?.required ?? false,
    enabled: sso?.enabled ?? true,
  };
}

/** The issuer the values name: Entra's of the tenant, Google's own, or the address typed. */
function issuerOf(values: Values): string {
  if (values.preset === "ENTRA_ID") return entraIssuer(values.tenant.trim());
  if (values.preset === "GOOGLE") return GOOGLE_ISSUER;
  return values.issuer.trim();
}

function identityBody(values: Values): Body {
  if (!values.ssoOn) return { signingPolicy: values.signingPolicy, sso: null };
  return {
    signingPolicy: values.signingPolicy,
    sso: {
      preset: values.preset,
      issuer: issuerOf(values),
      clientId: values.clientId.trim(),
      // Left out when empty: the secret stored stays.
      ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
      emailDomains: domainsInText(values.emailDomains),
      required: values.required,
      enabled: values.enabled,
    },
  };
}

/** The form's field of a body path; the issuer is the field the admin typed it in. */
function fieldOfPath(path: string, preset: SsoPreset): string | undefined {
  if (path === "sso.issuer")
    return preset === "ENTRA_ID" ? "tenant" : preset === "OIDC" ? "issuer" : "preset";
  if (/^sso\.emailDomains(\.\d+)?$/.test(path)) return "emailDomains";
  const field = /^sso\.(preset|clientId|clientSecret|required|enabled)$/.exec(path)?.[1];
  return field;
}

/** The contract's complaints in the admin's words where the generic ones would say too little. */
function identityIssueText(issue: SchemaIssue, values: Values, t: TFunction): string | undefined {
  const path = issue.path.map(String);
  if (path[1] === "emailDomains") {
    if (path.length === 3) {
      const domain = domainsInText(values.emailDomains)[Number(path[2])] ?? "";
      return t("adminCompanies.identity.domainInvalid", { domain });
    }
    if (issue.code === "too_small") return t("adminCompanies.identity.domainsRequired");
    if (issue.code === "too_big") return t("adminCompanies.identity.tooManyDomains", { max: MAX_DOMAINS });
  }
  // Entra's issuer is made of the tenant, so any fault in it is the tenant's; another provider's address
  // that is no URL says what an issuer looks like.
  if (path[1] === "issuer" && values.preset === "ENTRA_ID") return t("adminCompanies.identity.tenantInvalid");
  if (path[1] === "issuer" && issue.code === "invalid_format")
    return t("adminCompanies.identity.issuerInvalid");
  return undefined;
}

/** The checks the contract leaves to the server: the issuer fits its provider, a new provider's secret. */
function ownRules(values: Values, hasProvider: boolean, t: TFunction): Record<string, string> {
  if (!values.ssoOn) return {};
  const errors: Record<string, string> = {};
  if (values.preset === "ENTRA_ID" && !issuerFitsPreset("ENTRA_ID", issuerOf(values)))
    errors.tenant = values.tenant.trim() ? t("adminCompanies.identity.tenantInvalid") : t("forms.required");
  // Plain http is the server's to allow (only for a local provider, OIDC_ALLOW_HTTP): it answers
  // at the field when it does not.
  if (values.preset === "OIDC" && !issuerFitsPreset("OIDC", issuerOf(values), true))
    errors.issuer = values.issuer.trim() ? t("adminCompanies.identity.issuerInvalid") : t("forms.required");
  if (!hasProvider && !values.clientSecret) errors.clientSecret = t("forms.required");
  return errors;
}

export function CompanyIdentityForm({
  companyId,
  identity,
  onSaved,
  onCancel,
}: {
  companyId: string;
  identity: TCompanyIdentity;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCompanyIdentity(companyId);
  const hasProvider = identity.sso !== null;
  // The field a refused issuer belongs to depends on the provider chosen when it is refused.
  const preset = useRef<SsoPreset>(identity.sso?.preset ?? "ENTRA_ID");
  const form = useContractForm<Values>({
    initialValues: initialValues(identity),
    schema: zUpdate,
    toBody: identityBody,
    fieldOf: (path) => fieldOfPath(path, preset.current),
    texts: (issue, values) => identityIssueText(issue, values, t),
    rules: (values) => ownRules(values, hasProvider, t),
    serverText: t("adminTaxTables.form.serverRejected"),
  });
  const values = form.getValues();
  preset.current = values.preset;
  const errorSummary = useFormErrorSummary(form, {
    signingPolicy: t("adminCompanies.identity.signingPolicy"),
  });

  function submit(submitted: Values) {
    mutateThen(save, identityBody(submitted), {
      onSuccess: onSaved,
      onError: (error) => {
        const taken: Record<string, string> = isConflict(error, "SSO_DOMAIN_TAKEN")
          ? { emailDomains: t("errors.SSO_DOMAIN_TAKEN") }
          : {};
        if (form.setServerErrors(error, taken)) errorSummary.show();
      },
    });
  }

  // A refusal the fields explain needs no second message above them.
  const failure = save.error;
  const explained =
    failure instanceof ApiError && (failure.status === 400 || isConflict(failure, "SSO_DOMAIN_TAKEN"));
  const strong = identity.strongIdentificationAvailable;

  return (
    <form ref={revealOpenedForm} noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
      <Stack gap="md">
        {errorSummary.summary}
        {failure && !explained && (
          <Alert color="red" variant="light" title={t("adminCompanies.identity.saveFailed")}>
            {companyErrorText(failure, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <Radio.Group
          label={<FieldLabel required>{t("adminCompanies.identity.signingPolicy")}</FieldLabel>}
          description={strong ? undefined : t("adminCompanies.identity.strongUnavailable")}
          {...form.getInputProps("signingPolicy")}
        >
          <Stack gap="xs" mt={6}>
            {SIGNING_POLICIES.map((policy) => (
              <Radio
                key={policy}
                value={policy}
                label={t(POLICY_LABELS[policy])}
                description={t(POLICY_HELP[policy])}
                disabled={policy !== "SMS_CODE" && !strong}
              />
            ))}
          </Stack>
        </Radio.Group>

        {!hasProvider && (
          <Switch
            label={t("adminCompanies.identity.ssoOn")}
            description={t("adminCompanies.identity.ssoOnHelp")}
            {...form.getInputProps("ssoOn", { type: "checkbox" })}
          />
        )}
        {values.ssoOn && (
          <Stack gap="md">
            <NativeSelect
              label={t("adminCompanies.identity.preset")}
              required
              data={SSO_PRESETS.map((value) => ({ value, label: t(PRESET_LABELS[value]) }))}
              {...form.getInputProps("preset")}
            />
            {values.preset === "ENTRA_ID" && (
              <TextInput
                label={t("adminCompanies.identity.tenant")}
                description={t("adminCompanies.identity.tenantHelp")}
                required
                spellCheck={false}
                {...form.getInputProps("tenant")}
              />
            )}
            {values.preset === "GOOGLE" && (
              <TextInput label={t("adminCompanies.identity.issuer")} value={GOOGLE_ISSUER} readOnly />
            )}
            {values.preset === "OIDC" && (
              <TextInput
                label={t("adminCompanies.identity.issuer")}
                description={t("adminCompanies.identity.issuerHelp")}
                required
                type="url"
                spellCheck={false}
                {...form.getInputProps("issuer")}
              />
            )}
            <TextInput
              label={t("adminCompanies.identity.clientId")}
              required
              spellCheck={false}
              {...form.getInputProps("clientId")}
            />
            <PasswordInput
              label={t("adminCompanies.identity.clientSecret")}
              required={!hasProvider}
              autoComplete="new-password"
              placeholder={hasProvider ? t("adminCompanies.identity.secretKept") : undefined}
              {...form.getInputProps("clientSecret")}
            />
            <Textarea
              label={t("adminCompanies.identity.emailDomains")}
              description={t("adminCompanies.identity.emailDomainsHelp")}
              required
              rows={3}
              spellCheck={false}
              {...form.getInputProps("emailDomains")}
            />
            <Switch
              label={t("adminCompanies.identity.required")}
              description={t("adminCompanies.identity.requiredHelp")}
              {...form.getInputProps("required", { type: "checkbox" })}
            />
            <Switch
              label={t("adminCompanies.identity.enabled")}
              description={t("adminCompanies.identity.enabledHelp")}
              {...form.getInputProps("enabled", { type: "checkbox" })}
            />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("adminCompanies.identity.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
