import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { UseMutationResult } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { mutateThen } from "../lib/endpoint-client.ts";
import { messageForApiError } from "../lib/error-toasts.ts";

/**
 * A dialog that asks before one call and stays open while it runs: what it does, the fields it
 * needs, and, when the call fails, why, in the dialog itself, so the helpdesk can try again or
 * cancel without losing what they typed. useActionDialog keeps which dialog is open around the
 * call's mutation; ActionDialog draws one.
 */

/** Mantine's widths: "md" (the default) for a question and a few fields, "lg" for a long form, "xl" for a table. */
export type ActionDialogSize = "md" | "lg" | "xl";

type ActionDialogFrame = {
  opened: boolean;
  /** A question or an action that names the thing: "Perutaanko tilaus 1234?" */
  title: string;
  /** What happens, and the fields the call takes. */
  children: ReactNode;
  onCancel: () => void;
  size?: ActionDialogSize;
  /** The close button's name, "Sulje" unless told ("Sulje ilmoitukset"). */
  closeLabel?: string;
  /**
   * Focus goes back to what opened the dialog, unless told: false when that is gone by the time the
   * dialog closes (a menu's item) and the page puts focus back itself.
   */
  returnFocus?: boolean;
};

/** The dialog's own actions: Cancel and the confirm button under the content, and the call's failure. */
export type ActionDialogActions = {
  /** The confirm button names the action ("Merkitse maksetuksi"), never just "OK". */
  confirmLabel: string;
  /** Called on submit; a form's onSubmit handler validates its fields first. */
  onConfirm: (event?: FormEvent<HTMLFormElement>) => void;
  /** The call is running: the confirm button spins and the dialog stays open. */
  loading: boolean;
  /** Why the last call failed, in the reader's words; null while there is nothing to say. */
  error: string | null;
  /** Above the failure's text, when the dialog's area words it ("Toiminto epäonnistui"). */
  errorTitle?: string;
  /** A destructive or final action: the confirm button is red. */
  danger?: boolean;
  /** The confirm button cannot be pressed now (what it needs is still loading, or nothing can be done). */
  confirmDisabled?: boolean;
  /**
   * A second way to the same end, quieter than the confirm button beside it ("Hyväksy ilman
   * pankkitunnuksia"). Its `loading` says that the dialog's call is its own, so that it spins and not
   * the confirm button.
   */
  secondaryAction?: { label: string; onClick: () => void; loading: boolean };
};

/**
 * No actions of the dialog's own: the content is all there is, a list to read or a form that ends in
 * its own Cancel and submit buttons (a form shared with a page, or one whose steps change its buttons).
 */
type ContentActions = {
  confirmLabel?: undefined;
  /**
   * The dialog cannot be closed now: the content's call runs, or a question asked over the dialog
   * waits for its answer (Escape there answers it, not this dialog).
   */
  holdOpen?: boolean;
};

export type ActionDialogProps = ActionDialogFrame & (ActionDialogActions | ContentActions);

/**
 * Focus lands on Cancel, so an Enter pressed out of habit does nothing harmful; Escape and the close
 * button cancel too, except while the call runs. Without actions of its own, focus lands where the
 * content says (`data-autofocus`), else on the close button.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { opened, title, children, onCancel, size, closeLabel, returnFocus = true } = props;
  const { t } = useTranslation();
  const held = props.confirmLabel === undefined ? (props.holdOpen ?? false) : props.loading;
  return (
    <Modal
      opened={opened}
      onClose={held ? () => {} : onCancel}
      title={title}
      centered
      returnFocus={returnFocus}
      {...(size ? { size } : {})}
      closeButtonProps={{ "aria-label": closeLabel ?? t("common.close") }}
    >
      {props.confirmLabel === undefined ? children : <DialogForm {...props}>{children}</DialogForm>}
    </Modal>
  );
}

function DialogForm({
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  error,
  errorTitle,
  danger = true,
  confirmDisabled = false,
  secondaryAction,
}: ActionDialogActions & { children: ReactNode; onCancel: () => void }) {
  const secondaryRuns = secondaryAction?.loading ?? false;
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(event);
      }}
    >
      <Stack gap="md">
        {/* A div, not a paragraph: the dialog may hold fields, which a <p> cannot. */}
        <Text component="div">{children}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert" {...(errorTitle ? { title: errorTitle } : {})}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
            {t("ds.confirm.cancel")}
          </Button>
          {secondaryAction && (
            <Button
              variant="outline"
              onClick={secondaryAction.onClick}
              loading={secondaryRuns}
              disabled={loading && !secondaryRuns}
            >
              {secondaryAction.label}
            </Button>
          )}
          {/* red.9: white on it is 5.5:1; the default filled red (shade 7) is 3.8:1, under WCAG AA. */}
          <Button
            type="submit"
            loading={loading && !secondaryRuns}
            disabled={confirmDisabled || secondaryRuns}
            {...(danger ? { color: "red.9" } : {})}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: any mutation's data and variables; run() is typed by them.
type AnyMutation = UseMutationResult<any, Error, any, any>;
type DataOf<M> = M extends UseMutationResult<infer D, Error, infer _V, infer _C> ? D : never;
type VarsOf<M> = M extends UseMutationResult<infer _D, Error, infer V, infer _C> ? V : never;

/**
 * Which of a page's action dialogs is open (`current`, any value that tells them apart: "complete",
 * or the row to delete), around the one mutation they call. Opening and closing forget the last
 * failure; `run` closes the dialog only when the call succeeds, so a refusal is read where it was
 * asked. `props(opened)` gives ActionDialog what it needs from here.
 */
export function useActionDialog<Current, M extends AnyMutation = AnyMutation>(
  mutation: M,
  { errorText = messageForApiError }: { errorText?: (error: unknown, t: TFunction) => string } = {},
) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Current | null>(null);
  const pending = mutation.isPending;
  const error = mutation.isError ? errorText(mutation.error, t) : null;

  function open(next: Current) {
    mutation.reset();
    setCurrent(next);
  }
  function close() {
    if (mutation.isPending) return;
    mutation.reset();
    setCurrent(null);
  }
  function run(variables: VarsOf<M>, onSuccess?: (data: DataOf<M>) => void) {
    // Not mutate()'s callbacks: the page that asked may leave the screen before the answer (mutateThen).
    mutateThen(mutation, variables, {
      onSuccess: (data: DataOf<M>) => {
        setCurrent(null);
        onSuccess?.(data);
      },
    });
  }
  return {
    current,
    open,
    close,
    run,
    pending,
    error,
    /** The state ActionDialog takes: open or not, cancel, the spinner, and the failure while open. */
    props: (opened: boolean) => ({ opened, onCancel: close, loading: pending, error: opened ? error : null }),
  };
}
