import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type ConfirmDialogProps = {
  opened: boolean;
  /** A question that names the thing: "Poistetaanko pyöräliike Kallion Pyörä?" */
  title: string;
  /** What happens and what cannot be undone. */
  children: ReactNode;
  /** The red button names the action ("Poista pyöräliike"), never just "OK". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is running: the confirm button spins and the dialog stays open. */
  loading?: boolean;
  /**
   * The button that closes without acting, "Peruuta" unless told: a dialog whose action itself reads
   * "Peruuta tilaus" says "Takaisin" here, so that the two buttons cannot be mistaken for each other.
   */
  cancelLabel?: string;
};

/**
 * Asks before a destructive action. Focus lands on Cancel, so an Enter pressed out of habit does
 * nothing harmful; Escape and the close button cancel too.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading = false,
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onCancel}
      title={title}
      centered
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      {/* A div, not a paragraph: a dialog may ask for a reason with a field, which a <p> cannot hold. */}
      <Text component="div">{children}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel ?? t("ds.confirm.cancel")}
        </Button>
        {/* red.9: white on it is 5.5:1; the default filled red (shade 7) is 3.8:1, under WCAG AA. */}
        <Button color="red.9" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
