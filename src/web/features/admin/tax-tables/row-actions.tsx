import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A row's Edit (and Delete) buttons, named after the row for screen readers ("Muokkaa: Turku"). */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={onEdit}
        aria-label={t("adminTaxTables.editNamed", { name })}
      >
        {t("adminTaxTables.edit")}
      </Button>
      {onDelete && (
        <Button
          size="xs"
          variant="outline"
          color="red"
          onClick={onDelete}
          aria-label={t("adminTaxTables.deleteNamed", { name })}
        >
          {t("adminTaxTables.delete")}
        </Button>
      )}
    </Group>
  );
}
