// Barrel of server/core/features; filled in by its owner module.
export {};
