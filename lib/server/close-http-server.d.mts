import type { Server } from "node:http";

export function closeHttpServer(server: Server, timeoutMs: number): Promise<void>;
