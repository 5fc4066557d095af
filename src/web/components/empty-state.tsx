import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { InboxIcon } from "./design-icons.tsx";
import classes from "./empty-state.module.css";

export type EmptyStateProps = {
  /** One line that says what to do next ("Lisää ensimmäinen pyöräliike"), not only that nothing is here. */
  text: ReactNode;
  /** The action the line names (a Button or a link), when the reader may take it here. */
  action?: ReactNode;
  /** A decorative icon; an inbox by default. */
  icon?: ReactNode;
};

/** What a list, a table or a section shows when it has nothing yet: where the reader goes from here. */
export function EmptyState({ text, action, icon }: EmptyStateProps) {
  return (
    <div className={classes.root}>
      <span className={classes.icon} aria-hidden="true">
        {icon ?? <InboxIcon size={24} />}
      </span>
      <Text className={classes.text}>{text}</Text>
      {action}
    </div>
  );
}
