import { Group, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

export type InvalidLinkNoticeProps = {
  /** What is wrong, as the section's heading ("Linkki ei ole enää voimassa"). */
  title: string;
  /** What happened: why a link stops working (expired, used, withdrawn, copied only in part). */
  what: string;
  /** The way forward, in words; `actions` are its links. */
  next: string;
  /** Links to where the reader goes from here, the first one the main way forward. */
  actions: ReactNode;
};

/**
 * What a page opened from a mailed or shared link (/liity/{token}, /reset/{token}) shows when the link
 * does not work — the API answers `valid: false`, a 400 for a malformed token, or refuses the token when
 * the form is sent. The reader did nothing wrong, so it is a calm notice rather than an error alert:
 * what happened and the way forward, never a bare status.
 */
export function InvalidLinkNotice({ title, what, next, actions }: InvalidLinkNoticeProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <Text>{what}</Text>
      <Text>{next}</Text>
      <Group gap="sm" mt="xs">
        {actions}
      </Group>
    </Stack>
  );
}
