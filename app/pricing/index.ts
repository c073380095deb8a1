/**
 * Public API of the pricing module (docs/product.md#prices "Money"): pure functions on
 * integer cents, no I/O. Import from `~/pricing`.
 */
export * from "./cart-summary";
export * from "./constants";
export * from "./errors";
export * from "./money";
export * from "./summary-display";
export * from "./taxes";
