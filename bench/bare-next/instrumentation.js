// Shadows the project's instrumentation.ts (Next would otherwise find it up the tree): the bare app runs no worker.
export function register() {}
