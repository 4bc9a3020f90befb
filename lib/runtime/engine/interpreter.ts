import "server-only";
import type { SkillGraph, SkillNode } from "../../shared/graph-schema";
import type { Turn } from "../base/turn-context";
import { aiNode } from "./ai-node";
import { availabilityNode } from "./availability-node";
import { catalogNode } from "./catalog-node";
import { appointmentNode } from "./appointment-node";
import { serviceNode } from "./service-node";
import { flowNode } from "./flow-node";
import { questionNode, sayAndHandOff } from "./question-node";
import { endSession, type Session, saveSession } from "../../conversations/skill-sessions";
import { conditionNode, endNode, handoffNode, messageNode, recordNode } from "./simple-nodes";
import { isDetectedLanguage, type DetectedLanguage } from "../../language";
import { giveBackHold } from "../../conversations/booking-holds";
import { LANG, type SkillRun, type Step } from "./run-state";

// The skill interpreter. It walks the graph from a node until the skill waits for the customer (a
// question, Flow, catalog, service or appointment node), finishes (end, handoff, or a handle with no edge), or needs an LLM answer
// written outside the transaction. Everything it needs next time is in the session row.

export type Outcome = { kind: "waiting" | "ended" | "handed_off" | "halted" } | { kind: "ai"; nodeId: string; instructions?: string };

// The validator refuses loops without a question, so a run is bounded by the graph; this is a fuse.
const MAX_STEPS = 1000;

/** A run of a skill from its start, before the dialogue manager fills its slots from the message. */
export function newRun(
  turn: Turn,
  skill: { id: string; version: number; graph: SkillGraph; triggerPhrases: string[] },
  lang: DetectedLanguage,
): SkillRun {
  return {
    turn,
    skillId: skill.id,
    version: skill.version,
    graph: skill.graph,
    variables: { [LANG]: lang },
    retries: 0,
    triggerPhrases: skill.triggerPhrases,
    lang,
    filled: new Set(),
  };
}

/** The run of a waiting session. */
export function sessionRun(turn: Turn, session: Session, graph: SkillGraph, lang: DetectedLanguage, aiAnswer?: SkillRun["aiAnswer"]): SkillRun {
  return {
    turn,
    skillId: session.skillId,
    version: session.version,
    graph,
    variables: { ...session.variables, [LANG]: lang },
    retries: session.retries,
    triggerPhrases: [],
    aiAnswer,
    lang,
    filled: new Set(),
  };
}

export const triggerOf = (graph: SkillGraph) => graph.nodes.find((n) => n.type === "trigger")?.id ?? null;

/** Starts a skill on the message that triggered it. */
export async function startSkill(
  turn: Turn,
  skill: { id: string; version: number; graph: SkillGraph; triggerPhrases: string[] },
  lang: DetectedLanguage = "en",
): Promise<Outcome> {
  return walk(newRun(turn, skill, lang), triggerOf(skill.graph), false);
}

/** Continues a session with the customer's new message (the answer it waits for), or with an LLM answer for its `ai` node. */
export async function continueSkill(turn: Turn, session: Session, graph: SkillGraph, aiAnswer?: SkillRun["aiAnswer"]): Promise<Outcome> {
  const lang = isDetectedLanguage(session.variables[LANG]) ? session.variables[LANG] : "en";
  return walk(sessionRun(turn, session, graph, lang, aiAnswer), session.nodeId, true);
}

export async function walk(run: SkillRun, from: string | null, answering: boolean): Promise<Outcome> {
  const { turn } = run;
  const nodes = new Map(run.graph.nodes.map((n) => [n.id, n]));
  let nodeId = from;
  let waitingAnswer = answering;
  for (let steps = 0; nodeId && steps < MAX_STEPS; steps++) {
    const node = nodes.get(nodeId);
    if (!node) break;
    const step = await execute(run, node, waitingAnswer);
    waitingAnswer = false;
    if (step.kind === "handoff") {
      // A node that hands off by a business rule (a party above the maximum) says why first.
      if (step.reason) await sayAndHandOff(run, step.text, step.reason);
      await endSession(turn.db, turn.conversation.id);
      return { kind: "handed_off" };
    }
    // Handed off for want of tokens (the session is gone with it) or refused by the 24-hour rule.
    if (turn.halted) return { kind: "halted" };
    if (step.kind === "end") break;
    if (step.kind === "wait" || step.kind === "ai") {
      await saveSession(turn.db, turn.businessId, turn.conversation.id, {
        skillId: run.skillId,
        version: run.version,
        nodeId: node.id,
        variables: run.variables,
        retries: run.retries,
      });
      return step.kind === "ai" ? { kind: "ai", nodeId: node.id, instructions: step.instructions } : { kind: "waiting" };
    }
    // A handle left unconnected ends the skill there.
    nodeId = run.graph.edges.find((e) => e.source === node.id && e.sourceHandle === step.handle)?.target ?? null;
  }
  await endSession(turn.db, turn.conversation.id);
  // A place held for a booking that was never written ("no" at the confirmation) is given back.
  if (!run.recorded) await releaseUnlessKept(run);
  return { kind: "ended" };
}

/** The skill ends without writing its booking: the place it holds goes back (see lib/conversations/booking-holds.ts). */
export async function releaseUnlessKept(run: SkillRun): Promise<void> {
  await giveBackHold(run.turn.db, run.turn.businessId, run.variables);
}

function execute(run: SkillRun, node: SkillNode, answering: boolean): Promise<Step> | Step {
  switch (node.type) {
    case "trigger":
      return { kind: "next", handle: "next" };
    case "message":
      return messageNode(run, node);
    case "question":
      return questionNode(run, node, answering);
    case "flow":
      return flowNode(run, node, answering);
    case "condition":
      return conditionNode(run, node);
    case "catalog":
      return catalogNode(run, node, answering);
    case "availability":
      return availabilityNode(run, node);
    case "service":
      return serviceNode(run, node, answering);
    case "appointment":
      return appointmentNode(run, node, answering);
    case "record":
      return recordNode(run, node);
    case "handoff":
      return handoffNode(run, node);
    case "ai":
      return aiNode(run, node);
    case "end":
      return endNode(run, node);
  }
}
