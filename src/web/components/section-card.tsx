import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

export type SectionCardProps = {
  /** The section's heading: h2 under the page's h1 (h3 when nested in another section). */
  title: string;
  description?: ReactNode;
  /** Buttons that act on this section only (edit, add, export). */
  actions?: ReactNode;
  children: ReactNode;
  headingOrder?: 2 | 3;
};

/**
 * One titled part of a page in a bordered card. A `<section>` named by its heading, so screen-reader
 * users can jump between the parts of a long page.
 */
export function SectionCard({ title, description, actions, children, headingOrder = 2 }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Title order={headingOrder} size={headingOrder === 2 ? "h3" : "h4"} id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {actions && (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
        <div>{children}</div>
      </Stack>
    </Paper>
  );
}
