// Barrel of server/core/catalog; filled in by its owner module.
export {};
