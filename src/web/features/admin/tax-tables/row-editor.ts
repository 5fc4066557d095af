import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";

type RemoveMutation = {
  isPending: boolean;
  mutateAsync: (id: string) => Promise<unknown>;
};

/**
 * The add/edit/delete flow of a reference-data list: which row the form edits ("new" for a new one),
 * which row waits in the confirm dialog, and the section's status line after a save or a delete.
 * `deleteFailure` words a failed delete when the list has a reason of its own (the default billing table).
 */
export function useRowEditor<T extends { id: string }>(options: {
  nameOf: (row: T) => string;
  remove: RemoveMutation;
  deleteFailure?: (row: T, error: unknown) => string | null;
}) {
  const { t } = useTranslation();
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const { nameOf, remove, deleteFailure } = options;

  return {
    status,
    editing,
    deleting,
    removing: remove.isPending,
    openForm(row: T | "new") {
      status.clear();
      setEditing(row);
    },
    closeForm: () => setEditing(null),
    saved(row: T) {
      setEditing(null);
      status.success(t("adminTaxTables.saved", { name: nameOf(row) }));
    },
    askDelete(row: T) {
      status.clear();
      setDeleting(row);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete() {
      const row = deleting;
      if (!row) return;
      const name = nameOf(row);
      mutateThen(remove, row.id, {
        onSuccess: () => status.success(t("adminTaxTables.deleted", { name })),
        onError: (error) =>
          status.failure(
            deleteFailure?.(row, error) ??
              t("adminTaxTables.deleteFailed", { name, reason: messageForApiError(error, t) }),
          ),
        onSettled: () => setDeleting(null),
      });
    },
  };
}
