import type { OperationOutput } from "@/lib/api/operation";
import type { simulatorCustomer } from "@/lib/api/operations";

// The sandbox customer the simulator chats as (GET /v1/internal/simulator/customer): the view keeps
// it, the chat and the side panel show it.
export type SandboxCustomer = OperationOutput<typeof simulatorCustomer>;
