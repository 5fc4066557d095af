/**
 * The known leasing companies (docs/product.md "Constants"); {product} Oy is Pedaali Oy. Apart from enums.ts (which
 * re-exports them) because the home page names them: see locale.ts.
 */
export const LEASING_COMPANY_NAMES = ["Grenkeleasing Oy", "LeasePlus OÜ", "Pedaali Oy"] as const;
