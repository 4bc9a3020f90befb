import type { NodeTypes } from "@xyflow/react";
import type { NodeType } from "@/lib/shared/graph-schema";
import { AiNode } from "./ai-node";
import { AppointmentNode, ServiceNode } from "./appointment-nodes";
import { AvailabilityNode } from "./availability-node";
import { CatalogNode } from "./catalog-node";
import { ConditionNode } from "./condition-node";
import { EndNode } from "./end-node";
import { FlowNode } from "./flow-node";
import { HandoffNode } from "./handoff-node";
import { MessageNode } from "./message-node";
import { QuestionNode } from "./question-node";
import { RecordNode } from "./record-node";
import { TriggerNode } from "./trigger-node";

// Defined once at module scope: React Flow re-mounts every node when this object changes identity.
export const skillNodeTypes = {
  trigger: TriggerNode,
  message: MessageNode,
  question: QuestionNode,
  flow: FlowNode,
  condition: ConditionNode,
  catalog: CatalogNode,
  availability: AvailabilityNode,
  service: ServiceNode,
  appointment: AppointmentNode,
  record: RecordNode,
  handoff: HandoffNode,
  ai: AiNode,
  end: EndNode,
} satisfies Record<NodeType, NodeTypes[string]>;
