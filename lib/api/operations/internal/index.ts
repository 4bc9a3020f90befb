import type { AnyOperation } from "../../operation";
import * as build from "./build";
import * as inbox from "./inbox";
import * as settings from "./settings";

export * from "./build";
export * from "./inbox";
export * from "./settings";

const isOperation = (v: unknown): v is AnyOperation => typeof v === "object" && v !== null && "handler" in v && "path" in v;

/** The dashboard-only operations (`internal: true`, under `/internal/`): members only, out of OpenAPI. */
export const internalOperations: AnyOperation[] = [...Object.values(inbox), ...Object.values(build), ...Object.values(settings)].filter(isOperation);
