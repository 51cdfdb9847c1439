// Barrel of server/core/syntax; filled in by its owner module.
export {};
