import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
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
} from "../../../../contract/payroll-delivery.ts";
import { DEFAULT_FILE_NAME_PATTERN, MAX_CUTOFF_DAY } from "../../../../domain/payroll/export-template.ts";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { PayrollDeliveryLog } from "./payroll-delivery-log.tsx";
import { PayrollTemplateEditor } from "./payroll-template-editor.tsx";

/**
 * "Palkanlaskennan toimitus" on the company's settings page: the file's template with a preview of
 * this month's first lines, the cut-off day, change-only reports, e-mail or SFTP (its password or key
 * write-only: once stored it shows as stored), a connection test, and the log with its re-send.
 */

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
  const k = (key: string) => t(`employerSettings.payrollDelivery.${key}`);
  const queryClient = useQueryClient();
  const input = { params: { id: companyId } };
  const settings = useEndpointQuery(api.settings, input);
  const status = useSectionStatus(k("failedTitle"));
  const [draft, setDraft] = useState<TUpdatePayrollDeliverySettings | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data));
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (body: TUpdatePayrollDeliverySettings) =>
      callEndpoint(api.updateSettings, { ...input, body }),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: endpointKey(api.settings) });
      status.success(k("saved"));
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
  const setSftp = (patch: Partial<Sftp>) => setDraft({ ...draft, sftp: { ...sftp, ...patch } });
  const secretStored = settings.data.sftp?.secretStored ?? false;

  return (
    <SectionCard title={k("title")} description={k("description")}>
      <Stack gap="md">
        {status.element}
        {!settings.data.saved && (
          <Alert variant="light" title={k("notSavedTitle")}>
            {k("notSaved")}
          </Alert>
        )}
        <Title order={4}>{k("templateTitle")}</Title>
        <PayrollTemplateEditor
          value={draft.template}
          onChange={(template) => setDraft({ ...draft, template })}
        />
        <Group>
          <Button
            variant="default"
            loading={preview.isPending}
            onClick={() => preview.mutate({ template: draft.template, deltaOnly: draft.deltaOnly })}
          >
            {k("preview")}
          </Button>
        </Group>
        {preview.data &&
          (preview.data.lines.length === 0 ? (
            <Text size="sm">{k("previewEmpty")}</Text>
          ) : (
            <Table aria-label={k("preview")} fz="xs">
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
          ))}
        <Title order={4}>{k("scheduleTitle")}</Title>
        <Group grow align="flex-end">
          <NumberInput
            label={k("cutoffDay")}
            description={k("cutoffDayHelp")}
            min={1}
            max={MAX_CUTOFF_DAY}
            value={draft.cutoffDay}
            onChange={(value) => setDraft({ ...draft, cutoffDay: Number(value) || 1 })}
          />
          <Switch
            label={k("deltaOnly")}
            description={k("deltaOnlyHelp")}
            checked={draft.deltaOnly}
            onChange={(event) => setDraft({ ...draft, deltaOnly: event.currentTarget.checked })}
          />
        </Group>
        <Title order={4}>{k("channelTitle")}</Title>
        <SegmentedControl
          aria-label={k("channel")}
          data={[
            { value: "EMAIL", label: k("channels.EMAIL") },
            { value: "SFTP", label: k("channels.SFTP") },
          ]}
          value={draft.channel}
          onChange={(channel) =>
            setDraft({
              ...draft,
              channel: channel as "EMAIL" | "SFTP",
              sftp: channel === "SFTP" ? sftp : draft.sftp,
            })
          }
        />
        {draft.channel === "EMAIL" && <Text size="sm">{k("emailHelp")}</Text>}
        {draft.channel === "SFTP" && (
          <Stack gap="sm">
            <Group grow>
              <TextInput
                label={k("sftp.host")}
                value={sftp.host}
                maxLength={253}
                onChange={(e) => setSftp({ host: e.currentTarget.value })}
              />
              <NumberInput
                label={k("sftp.port")}
                min={1}
                max={65_535}
                value={sftp.port}
                onChange={(v) => setSftp({ port: Number(v) || 22 })}
              />
              <TextInput
                label={k("sftp.username")}
                value={sftp.username}
                maxLength={100}
                onChange={(e) => setSftp({ username: e.currentTarget.value })}
              />
            </Group>
            <SegmentedControl
              aria-label={k("sftp.auth")}
              data={[
                { value: "PASSWORD", label: k("sftp.password") },
                { value: "PRIVATE_KEY", label: k("sftp.privateKey") },
              ]}
              value={sftp.auth}
              onChange={(auth) => setSftp({ auth: auth as Sftp["auth"] })}
            />
            {sftp.auth === "PASSWORD" ? (
              <PasswordInput
                label={k("sftp.password")}
                placeholder={secretStored ? k("sftp.stored") : ""}
                description={secretStored ? k("sftp.storedHelp") : undefined}
                value={sftp.secret ?? ""}
                onChange={(e) => setSftp({ secret: e.currentTarget.value || undefined })}
              />
            ) : (
              <Textarea
                label={k("sftp.privateKey")}
                placeholder={secretStored ? k("sftp.stored") : "-----BEGIN OPENSSH PRIVATE KEY-----"}
                description={secretStored ? k("sftp.storedHelp") : undefined}
                autosize
                minRows={3}
                value={sftp.secret ?? ""}
                onChange={(e) => setSftp({ secret: e.currentTarget.value || undefined })}
              />
            )}
            <Group grow>
              <TextInput
                label={k("sftp.directory")}
                value={sftp.directory}
                maxLength={300}
                onChange={(e) => setSftp({ directory: e.currentTarget.value })}
              />
              <TextInput
                label={k("sftp.fileNamePattern")}
                description={k("sftp.fileNamePatternHelp")}
                value={sftp.fileNamePattern}
                maxLength={100}
                onChange={(e) => setSftp({ fileNamePattern: e.currentTarget.value })}
              />
            </Group>
            <TextInput
              label={k("sftp.hostKey")}
              description={k("sftp.hostKeyHelp")}
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
                {k("sftp.test")}
              </Button>
              {test.data && (
                <Text size="sm" c={test.data.ok ? "green" : "red"} role="status">
                  {test.data.ok ? k("sftp.testOk") : `${k("sftp.testFailed")}: ${test.data.error ?? ""}`}
                </Text>
              )}
            </Group>
          </Stack>
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={k("failedTitle")}>
            {k("saveFailed")}
          </Alert>
        )}
        <Group>
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ ...draft, sftp: draft.channel === "SFTP" ? sftp : null })}
          >
            {k("save")}
          </Button>
        </Group>
        <Title order={4}>{k("log.title")}</Title>
        <PayrollDeliveryLog companyId={companyId} />
      </Stack>
    </SectionCard>
  );
}
