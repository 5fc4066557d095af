import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  payrollDeliveryApi as api,
  type TPayrollDeliverySettings,
  type TUpdatePayrollDeliverySettings,
  zUpdatePayrollDeliverySettings,
} from "../../../../contract/payroll-delivery.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { DEFAULT_FILE_NAME_PATTERN, MAX_CUTOFF_DAY } from "../../../../domain/payroll/export-template.ts";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { Segments } from "../../../components/segments.tsx";
import { textLimitOf, tooLongText } from "../../../lib/contract-form.ts";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { PayrollDeliverNow } from "./payroll-deliver-now.tsx";
import { PayrollDeliveryLog } from "./payroll-delivery-log.tsx";
import { PayrollTemplateEditor } from "./payroll-template-editor.tsx";
import { refreshEmployerSettings } from "./settings-api.ts";

/**
 * "Palkanlaskennan toimitus" on the company's settings page: the file's template with a preview of
 * this month's first lines, the cut-off day, change-only reports, e-mail or SFTP (its password or key
 * write-only: once stored it shows as stored), a connection test, the month's report delivered now,
 * and the log with its re-send.
 */

/** The SFTP texts' longest lengths in the contract: a longer one says so at once, nothing is cut. */
const sftpMax = onFirstUse(() => ({
  host: textLimitOf(zUpdatePayrollDeliverySettings, "sftp.host"),
  username: textLimitOf(zUpdatePayrollDeliverySettings, "sftp.username"),
  directory: textLimitOf(zUpdatePayrollDeliverySettings, "sftp.directory"),
  fileNamePattern: textLimitOf(zUpdatePayrollDeliverySettings, "sftp.fileNamePattern"),
}));

type Sftp = NonNullable<TUpdatePayrollDeliverySettings["sftp"]>;
const emptySftp: Sftp = {
  host: "",
  port: 22,
  username: "",
  auth: "PASSWORD",
  directory: "/",
  fileNamePattern: DEFAULT_FILE_NAME_PATTERN,
  hostKeySha256: "",
};

function draftOf(settings: TPayrollDeliverySettings): TUpdatePayrollDeliverySettings {
  const { saved: _saved, sftp, ...rest } = settings;
  if (!sftp) return { ...rest, sftp: null };
  const { secretStored: _stored, ...server } = sftp;
  return { ...rest, sftp: server };
}

export function PayrollDeliverySection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = { params: { id: companyId } };
  const settings = useEndpointQuery(api.settings, input);
  const status = useSectionStatus(t("employerSettings.payrollDelivery.failedTitle"));
  const [draft, setDraft] = useState<TUpdatePayrollDeliverySettings | null>(null);
  /** Changed on the page since the settings were read: "deliver now" sends what is saved. */
  const [unsaved, setUnsaved] = useState(false);
  useEffect(() => {
    if (settings.data) {
      setDraft(draftOf(settings.data));
      setUnsaved(false);
    }
  }, [settings.data]);
  const edit = (next: TUpdatePayrollDeliverySettings) => {
    setDraft(next);
    setUnsaved(true);
  };

  const save = useMutation({
    mutationFn: (body: TUpdatePayrollDeliverySettings) =>
      callEndpoint(api.updateSettings, { ...input, body }),
    meta: { silent: true },
    onSuccess: () => {
      setUnsaved(false);
      void refreshEmployerSettings(queryClient, "payroll-delivery");
      status.success(t("employerSettings.payrollDelivery.saved"));
    },
  });
  const preview = useMutation({
    mutationFn: (body: Pick<TUpdatePayrollDeliverySettings, "template" | "deltaOnly">) =>
      callEndpoint(api.preview, { ...input, body }),
  });
  const test = useMutation({
    mutationFn: () => callEndpoint(api.testConnection, input),
    meta: { silent: true },
  });

  if (!draft || !settings.data) return null;
  const sftp = draft.sftp ?? emptySftp;
  const setSftp = (patch: Partial<Sftp>) => edit({ ...draft, sftp: { ...sftp, ...patch } });
  const secretStored = settings.data.sftp?.secretStored ?? false;

  return (
    <SectionCard
      title={t("employerSettings.payrollDelivery.title")}
      description={t("employerSettings.payrollDelivery.description")}
    >
      <Stack gap="md">
        {status.element}
        {!settings.data.saved && (
          <Alert variant="light" title={t("employerSettings.payrollDelivery.notSavedTitle")}>
            {t("employerSettings.payrollDelivery.notSaved")}
          </Alert>
        )}
        <Title order={4}>{t("employerSettings.payrollDelivery.templateTitle")}</Title>
        <PayrollTemplateEditor value={draft.template} onChange={(template) => edit({ ...draft, template })} />
        <Group>
          <Button
            variant="default"
            loading={preview.isPending}
            onClick={() => preview.mutate({ template: draft.template, deltaOnly: draft.deltaOnly })}
          >
            {t("employerSettings.payrollDelivery.preview")}
          </Button>
        </Group>
        {preview.data &&
          (preview.data.lines.length === 0 ? (
            <Text size="sm">{t("employerSettings.payrollDelivery.previewEmpty")}</Text>
          ) : (
            // A file's lines are wider than a phone: they scroll sideways in their frame, not the page.
            <Table.ScrollContainer
              minWidth={560}
              scrollAreaProps={{
                viewportProps: { tabIndex: 0, "aria-label": t("employerSettings.payrollDelivery.preview") },
              }}
            >
              <Table aria-label={t("employerSettings.payrollDelivery.preview")} fz="xs">
                <Table.Tbody>
                  {preview.data.lines.map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a preview's lines have no identity
                    <Table.Tr key={i}>
                      {line.map((cell, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the cells of one line, in order
                        <Table.Td key={c}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
        <Title order={4}>{t("employerSettings.payrollDelivery.scheduleTitle")}</Title>
        <Group grow align="flex-end">
          <NumberInput
            label={t("employerSettings.payrollDelivery.cutoffDay")}
            description={t("employerSettings.payrollDelivery.cutoffDayHelp")}
            min={1}
            max={MAX_CUTOFF_DAY}
            value={draft.cutoffDay}
            onChange={(value) => edit({ ...draft, cutoffDay: Number(value) || 1 })}
          />
          <Switch
            label={t("employerSettings.payrollDelivery.deltaOnly")}
            description={t("employerSettings.payrollDelivery.deltaOnlyHelp")}
            checked={draft.deltaOnly}
            onChange={(event) => edit({ ...draft, deltaOnly: event.currentTarget.checked })}
          />
        </Group>
        <Title order={4}>{t("employerSettings.payrollDelivery.channelTitle")}</Title>
        <Segments
          aria-label={t("employerSettings.payrollDelivery.channel")}
          data={[
            { value: "EMAIL", label: t("employerSettings.payrollDelivery.channels.EMAIL") },
            { value: "SFTP", label: t("employerSettings.payrollDelivery.channels.SFTP") },
          ]}
          value={draft.channel}
          onChange={(channel) =>
            edit({
              ...draft,
              channel: channel as "EMAIL" | "SFTP",
              sftp: channel === "SFTP" ? sftp : draft.sftp,
            })
          }
        />
        {draft.channel === "EMAIL" && (
          <Text size="sm">{t("employerSettings.payrollDelivery.emailHelp")}</Text>
        )}
        {draft.channel === "SFTP" && (
          <Stack gap="sm">
            <Group grow>
              <TextInput
                label={t("employerSettings.payrollDelivery.sftp.host")}
                value={sftp.host}
                error={tooLongText(sftp.host, sftpMax().host, t)}
                onChange={(e) => setSftp({ host: e.currentTarget.value })}
              />
              <NumberInput
                label={t("employerSettings.payrollDelivery.sftp.port")}
                min={1}
                max={65_535}
                value={sftp.port}
                onChange={(v) => setSftp({ port: Number(v) || 22 })}
              />
              <TextInput
                label={t("employerSettings.payrollDelivery.sftp.username")}
                value={sftp.username}
                error={tooLongText(sftp.username, sftpMax().username, t)}
                onChange={(e) => setSftp({ username: e.currentTarget.value })}
              />
            </Group>
            <Segments
              aria-label={t("employerSettings.payrollDelivery.sftp.auth")}
              data={[
                { value: "PASSWORD", label: t("employerSettings.payrollDelivery.sftp.password") },
                { value: "PRIVATE_KEY", label: t("employerSettings.payrollDelivery.sftp.privateKey") },
              ]}
              value={sftp.auth}
              onChange={(auth) => setSftp({ auth: auth as Sftp["auth"] })}
            />
            {sftp.auth === "PASSWORD" ? (
              <PasswordInput
                label={t("employerSettings.payrollDelivery.sftp.password")}
                placeholder={secretStored ? t("employerSettings.payrollDelivery.sftp.stored") : ""}
                description={secretStored ? t("employerSettings.payrollDelivery.sftp.storedHelp") : undefined}
                value={sftp.secret ?? ""}
                onChange={(e) => setSftp({ secret: e.currentTarget.value || undefined })}
              />
            ) : (
              <Textarea
                label={t("employerSettings.payrollDelivery.sftp.privateKey")}
                placeholder={
                  secretStored
                    ? t("employerSettings.payrollDelivery.sftp.stored")
                    : "-----BEGIN OPENSSH PRIVATE KEY-----"
                }
                description={secretStored ? t("employerSettings.payrollDelivery.sftp.storedHelp") : undefined}
                autosize
                minRows={3}
                value={sftp.secret ?? ""}
                onChange={(e) => setSftp({ secret: e.currentTarget.value || undefined })}
              />
            )}
            <Group grow>
              <TextInput
                label={t("employerSettings.payrollDelivery.sftp.directory")}
                value={sftp.directory}
                error={tooLongText(sftp.directory, sftpMax().directory, t)}
                onChange={(e) => setSftp({ directory: e.currentTarget.value })}
              />
              <TextInput
                label={t("employerSettings.payrollDelivery.sftp.fileNamePattern")}
                description={t("employerSettings.payrollDelivery.sftp.fileNamePatternHelp")}
                value={sftp.fileNamePattern}
                error={tooLongText(sftp.fileNamePattern, sftpMax().fileNamePattern, t)}
                onChange={(e) => setSftp({ fileNamePattern: e.currentTarget.value })}
              />
            </Group>
            <TextInput
              label={t("employerSettings.payrollDelivery.sftp.hostKey")}
              description={t("employerSettings.payrollDelivery.sftp.hostKeyHelp")}
              placeholder="SHA256:…"
              value={sftp.hostKeySha256}
              onChange={(e) => setSftp({ hostKeySha256: e.currentTarget.value.trim() })}
            />
            <Group>
              <Button
                variant="default"
                loading={test.isPending}
                disabled={!secretStored}
                onClick={() => test.mutate()}
              >
                {t("employerSettings.payrollDelivery.sftp.test")}
              </Button>
              {test.data && (
                <Text
                  size="sm"
                  c={test.data.ok ? "var(--pd-success)" : "var(--pd-danger)"}
                  fw={600}
                  role="status"
                >
                  {test.data.ok
                    ? t("employerSettings.payrollDelivery.sftp.testOk")
                    : `${t("employerSettings.payrollDelivery.sftp.testFailed")}: ${test.data.error ?? ""}`}
                </Text>
              )}
            </Group>
          </Stack>
        )}
        {save.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t("employerSettings.payrollDelivery.failedTitle")}
          >
            {t("employerSettings.payrollDelivery.saveFailed")}
          </Alert>
        )}
        <Group>
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ ...draft, sftp: draft.channel === "SFTP" ? sftp : null })}
          >
            {t("employerSettings.payrollDelivery.save")}
          </Button>
        </Group>
        <Title order={4}>{t("employerSettings.payrollDelivery.log.title")}</Title>
        <PayrollDeliverNow companyId={companyId} unsaved={unsaved} />
        <PayrollDeliveryLog companyId={companyId} />
      </Stack>
    </SectionCard>
  );
}
