import { Stack, Text } from "@mantine/core";

/** A person in an employer's table: the name, and the address below it, broken anywhere on a phone. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {email}
      </Text>
    </Stack>
  );
}
