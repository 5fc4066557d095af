import { Text } from "@mantine/core";

/** An action's failure inside its dialog (the dialog's text is one block: the alert follows inline). */
export function DialogError({ text }: { text: string }) {
  return (
    <Text component="span" role="alert" c="red" display="block" mt="sm">
      {text}
    </Text>
  );
}
