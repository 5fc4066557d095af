import { AppError, conflict } from "../../errors.ts";

/** The errors of the roles admin (docs/product.md "Roles", docs/product.md "Errors"): one factory per code. */

/** 409: role names are unique whatever their case. */
export const roleNameTaken = (message = "A role with this name already exists") =>
  conflict("ROLE_NAME_TAKEN", message);

/** 400: a built-in role, and SUPER_ADMIN's roles.manage, stay as they are. */
export const roleIsSystem = (message = "A built-in role cannot be deleted") =>
  new AppError(400, "ROLE_IS_SYSTEM", message);

/** 409: a role is deleted only once nobody holds it. */
export const roleInUse = (message = "The role is still assigned to users; remove it from them first") =>
  conflict("ROLE_IN_USE", message);
