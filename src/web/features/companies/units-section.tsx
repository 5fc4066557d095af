import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TCompanyDetails, TCompanyUnit } from "../../../contract/companies.ts";
import { zCreateCompanyUnit } from "../../../contract/company-settings.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { useCreateUnit, useDeleteUnit, useRenameUnit } from "./companies-api.ts";
import { isConflict, showUnitCodeToast, showUnitFailureToast } from "./company-messages.ts";

/**
 * A company's units (docs/api-surface.md "Company units"): add one by name, rename one in its row, delete one
 * that no employee belongs to. The outcomes are the docs/product.md "Errors" codes as toasts; a unit in use is
 * explained (its employees must move first). The units come with the company (its page loads them).
 * `headingOrder` 3 where the section sits under a company's own heading (the admin company page).
 */
export function UnitsSection({
  company,
  headingOrder = 2,
}: {
  company: Pick<TCompanyDetails, "companyId" | "companyUnits">;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  const create = useCreateUnit(company.companyId);
  const rename = useRenameUnit();
  const remove = useDeleteUnit();
  // A new unit's name is checked by the request's own schema: required, and its longest length.
  const newUnit = useContractForm({
    initialValues: { unitName: "" },
    schema: zCreateCompanyUnit,
    toBody: (values) => ({ unit: { unitName: values.unitName.trim() }, companyId: company.companyId }),
    fieldOf: { "unit.unitName": "unitName" },
  });
  const [editing, setEditing] = useState<{ unitId: string; name: string; error: string | null } | null>(null);
  const [deleting, setDeleting] = useState<TCompanyUnit | null>(null);

  function add(values: { unitName: string }) {
    const unitName = values.unitName.trim();
    mutateThen(create, unitName, {
      onSuccess: () => {
        newUnit.reset();
        showUnitCodeToast("COMPANY_UNIT_CREATED", { name: unitName });
      },
      onError: (error) => {
        if (isConflict(error, "UNIT_NAME_TAKEN"))
          newUnit.setFieldError("unitName", t("companySections.units.nameTaken"));
        else showUnitFailureToast("FAILED_TO_ADD_COMPANY_UNIT", error);
      },
    });
  }

  function saveRename() {
    if (!editing) return;
    const unitName = editing.name.trim();
    if (!unitName) {
      setEditing({ ...editing, error: t("forms.required") });
      return;
    }
    mutateThen(
      rename,
      { unitId: editing.unitId, unitName },
      {
        onSuccess: () => {
          setEditing(null);
          showUnitCodeToast("COMPANY_UNIT_UPDATED", { name: unitName });
        },
        onError: (error) => {
          if (isConflict(error, "UNIT_NAME_TAKEN"))
            setEditing((current) => current && { ...current, error: t("companySections.units.nameTaken") });
          else showUnitFailureToast("FAILED_TO_UPDATE_COMPANY_UNIT", error);
        },
      },
    );
  }

  function confirmDelete() {
    const unit = deleting;
    if (!unit) return;
    mutateThen(remove, unit.unitId, {
      onSuccess: () => showUnitCodeToast("COMPANY_UNIT_DELETED", { name: unit.unitName }),
      onError: (error) =>
        showUnitFailureToast(
          "FAILED_TO_DELETE_COMPANY_UNIT",
          error,
          isConflict(error, "UNIT_IN_USE")
            ? t("companySections.units.inUse", { name: unit.unitName, count: unit.employeeCount })
            : undefined,
        ),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <SectionCard
      title={t("companySections.units.title")}
      description={t("companySections.units.description")}
      headingOrder={headingOrder}
    >
      <Stack gap="md">
        {company.companyUnits.length === 0 ? (
          <EmptyState text={t("companySections.units.empty")} />
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {company.companyUnits.map((unit) =>
              editing?.unitId === unit.unitId ? (
                <Group key={unit.unitId} component="li" gap="xs" align="flex-start" wrap="wrap">
                  <TextInput
                    label={t("companySections.units.renameLabel", { name: unit.unitName })}
                    value={editing.name}
                    error={editing.error}
                    data-autofocus
                    onChange={(event) =>
                      setEditing({ ...editing, name: event.currentTarget.value, error: null })
                    }
                    onKeyDown={(event) => {
                      if (event.key === "Enter") {
                        event.preventDefault();
                        saveRename();
                      }
                      if (event.key === "Escape") setEditing(null);
                    }}
                    style={{ flex: "1 1 14rem" }}
                  />
                  <Group gap="xs" mt={26}>
                    <Button size="xs" onClick={saveRename} loading={rename.isPending}>
                      {t("companySections.units.save")}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(null)}
                      disabled={rename.isPending}
                    >
                      {t("ds.confirm.cancel")}
                    </Button>
                  </Group>
                </Group>
              ) : (
                <Group key={unit.unitId} component="li" justify="space-between" gap="sm" wrap="wrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {unit.unitName}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t("companySections.units.employees", { count: unit.employeeCount })}
                    </Text>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t("companySections.units.renameNamed", { name: unit.unitName })}
                      onClick={() => setEditing({ unitId: unit.unitId, name: unit.unitName, error: null })}
                    >
                      {t("companySections.units.rename")}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      aria-label={t("companySections.units.deleteNamed", { name: unit.unitName })}
                      onClick={() => setDeleting(unit)}
                    >
                      {t("companySections.units.delete")}
                    </Button>
                  </Group>
                </Group>
              ),
            )}
          </Stack>
        )}
        <form noValidate onSubmit={newUnit.onSubmit(add)}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={t("companySections.units.newName")}
              {...newUnit.getInputProps("unitName")}
              style={{ flex: "1 1 14rem" }}
            />
            <Button type="submit" variant="light" mt={26} loading={create.isPending}>
              {t("companySections.units.add")}
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("companySections.units.deleteTitle", { name: deleting?.unitName ?? "" })}
        confirmLabel={t("companySections.units.deleteConfirm")}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {deleting && deleting.employeeCount > 0
          ? t("companySections.units.inUse", { name: deleting.unitName, count: deleting.employeeCount })
          : t("companySections.units.deleteText")}
      </ConfirmDialog>
    </SectionCard>
  );
}
