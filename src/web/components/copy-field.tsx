import { Button, CopyButton, Group, TextInput } from "@mantine/core";

/**
 * A value to paste elsewhere (a token shown once, an address to register at a provider): read-only,
 * selected on focus, and copied with one button that says when it has been.
 */
export function CopyField(props: {
  label: string;
  value: string;
  description?: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label={props.label}
        description={props.description}
        value={props.value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: "1 1 16rem" }}
      />
      <CopyButton value={props.value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy}>
            {copied ? props.copiedLabel : props.copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
