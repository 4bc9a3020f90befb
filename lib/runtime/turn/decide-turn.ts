import "server-only";
import { cannedReplies, replyLanguage } from "../base/canned-replies";
import { manageBooking } from "../dialogue/bookings";
import { aboutTheirAppointment, acknowledgeBooked, manageAppointment } from "../dialogue/appointments";
import { continueWithDialogue, startWithSlots } from "../dialogue/manager";
import { acknowledgeAwaitingPayment } from "../dialogue/order-payment";
import { withItemReferred } from "../dialogue/item-referred";
import { continueSkill, type Outcome } from "../engine/interpreter";
import { t } from "../messages";
import { abandonSession, activeSession, type Session } from "../../conversations/skill-sessions";
import { answerOffline, applyLlmDecision, setMisses } from "./free-answer";
import { asksForHuman } from "../understanding/human-request";
import type { LlmDecision } from "../llm/llm";
import { llmSettings } from "../llm/llm-client";
import type { UnderstandBrief, Understanding } from "../llm/llm-understand";
import { words } from "../understanding/text-match";
import { handOffSaying, reply } from "../base/reply";
import { enabledSkills, graphAtVersion, type RunnableSkill, runnableSkills, skillBriefs, storedGraph } from "../retrieval/skill-catalog";
import { answerPersonOffer, repeatedRequest, unreadableMedia } from "./dead-ends";
import { complains, routeByIntent } from "./route-intent";

import { countTokens } from "../understanding/tokens";
import type { TurnBrief } from "../base/turn-brief";
import type { Turn } from "../base/turn-context";
import type { Language } from "../../language";

// What a turn does with the customer's message, in order: a request for a person hands off at once;
// a waiting skill session takes the message as its answer; a trigger phrase starts a skill; anything
// else is answered by the LLM when one is configured, else by the retrieval engine. A pass that needs
// the LLM returns what to ask it; the next pass applies the answer.

export type TurnInput =
  | { kind: "message" }
  | { kind: "understood"; understanding: Understanding | null }
  | { kind: "llm"; decision: LlmDecision | null }
  | { kind: "ai"; nodeId: string; answer: { text: string; tokens: number } | null };

export type Pending =
  | { kind: "llm"; brief: TurnBrief }
  | { kind: "ai"; brief: TurnBrief; nodeId: string; instructions?: string }
  | { kind: "understand"; brief: UnderstandBrief };

export async function decideTurn(turn: Turn, input: TurnInput): Promise<Pending | null> {
  const skills = turn.loaded ? runnableSkills(turn.businessId, turn.loaded.skills) : await enabledSkills(turn.db, turn.businessId, turn.assistant.id);
  if (input.kind === "ai") return resumeAiNode(turn, skills, input);
  if (input.kind === "understood") {
    // The model's reading of the message, written outside the transaction; the state machine acts on it.
    turn.unbilled = countTokens(turn.message.text);
    const session = await openingSession(turn);
    const graph = session ? await sessionGraph(turn, session) : null;
    if (!session || !graph) return null;
    // A clause the model read as a request for a person wins over everything else, as the offline one does.
    if (input.understanding?.acts.includes("human")) return handToPerson(turn, skills, input.understanding.language ?? null);
    await setMisses(turn, 0);
    return next(turn, skills, await continueWithDialogue(turn, session, graph, skills, input.understanding));
  }
  if (input.kind === "llm") {
    if (input.decision) return next(turn, skills, await applyLlmDecision(turn, input.decision, skills));
    // The model failed or refused: the offline answer, exactly as without a model.
    turn.unbilled = countTokens(turn.message.text);
    await answerOffline(turn, skills);
    return null;
  }

  if (turn.message.kind === "flow") return answerFlow(turn, skills);
  if (turn.message.kind !== "text") return answerUnreadable(turn);
  turn.unbilled = countTokens(turn.message.text);
  const language = asksForHuman(turn.message.text);
  if (language) return handToPerson(turn, skills, language);
  // A person offered in the last reply and taken (or declined); the same request sent again.
  if ((await answerPersonOffer(turn)) || (await repeatedRequest(turn))) return null;
  const session = await openingSession(turn);
  if (session) {
    const graph = await sessionGraph(turn, session);
    if (graph) {
      // With an LLM, the model reads anything but a bare short answer ("4", "Ana", "yes") first.
      if (llmSettings() && (words(turn.message.text).length > 3 || turn.message.text.includes("?"))) {
        return {
          kind: "understand",
          brief: { text: turn.message.text, timeZone: turn.timeZone, graph, pendingNodeId: session.nodeId, businessName: turn.businessName },
        };
      }
      await setMisses(turn, 0);
      return next(turn, skills, await continueWithDialogue(turn, session, graph, skills));
    }
    await abandonSession(turn.db, turn.conversation.id);
  }
  // "preciso desmarcar", "can I move my appointment to Friday?": the customer's own appointment.
  if (await manageAppointment(turn, skills)) {
    await setMisses(turn, 0);
    return null;
  }
  // "tengo hora mañana a las 11... llegaré tarde": the appointment they have, and a colleague offered.
  if (await aboutTheirAppointment(turn, skills)) {
    await setMisses(turn, 0);
    return null;
  }
  // "vale genial", "yes book it" right after an appointment was booked: it stands, nothing new starts.
  if (await acknowledgeBooked(turn, { early: true })) {
    await setMisses(turn, 0);
    return null;
  }
  // "yes, go ahead" once the order waits for its payment: its link again.
  if (await acknowledgeAwaitingPayment(turn)) {
    await setMisses(turn, 0);
    return null;
  }
  // "cancel my booking", "change my booking to 9pm": the customer's own booking, found by phone.
  if (await manageBooking(turn, skills)) {
    await setMisses(turn, 0);
    return null;
  }
  // "I'll take two" after "Rooibos 100 g — €6.50": the count is of the one item the last reply named.
  const referred = await withItemReferred(turn);
  if (referred) turn.message = { ...turn.message, text: referred };
  // Meaning before keywords: the intent classifier, else the values the message gives (route-intent.ts).
  const skill = await routeByIntent(turn, skills);
  if (skill === "answered") return null;
  if (skill) {
    await setMisses(turn, 0);
    return next(turn, skills, await startWithSlots(turn, skill, skills));
  }
  // With an LLM, the model answers everything else (small talk included) in its own words.
  if (llmSettings()) return { kind: "llm", brief: brief(turn, skills) };
  await answerOffline(turn, skills);
  return null;
}

/**
 * The conversation's live session as the pass finds it (activeSession), from what the turn read with
 * it when it did (the pass's first look only): an expired or paused one is dropped and reads as none,
 * as activeSession does.
 */
async function openingSession(turn: Turn): Promise<Session | null> {
  const loaded = turn.loaded;
  if (!loaded || loaded.sessionTaken) return activeSession(turn.db, turn.conversation.id);
  loaded.sessionTaken = true;
  const row = loaded.session?.row;
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now() || row.pausedAt) {
    await abandonSession(turn.db, turn.conversation.id);
    return null;
  }
  return row;
}

/** The graph of the version the session runs (graphAtVersion), read with the turn when that session was. */
async function sessionGraph(turn: Turn, session: Session) {
  const loaded = turn.loaded?.session;
  if (loaded?.row === session) return storedGraph(turn.businessId, session.skillId, session.version, loaded.graph);
  return graphAtVersion(turn.db, turn.businessId, session.skillId, session.version);
}

/** A request for a person: handed off at once, with an apology when it comes with a complaint. */
async function handToPerson(turn: Turn, skills: RunnableSkill[], language: Language | null): Promise<null> {
  const said = replyLanguage(turn.assistant.language, turn.message.text, language);
  const complaint = await complains(turn, skills);
  await handOffSaying(turn, complaint ? "complaint" : "customer_request", t(said, complaint ? "handingOffComplaint" : "handingOff"));
  return null;
}

/** A cart (already recorded by the channel) is acknowledged; a reaction needs nothing; media without words: dead-ends.ts. */
async function answerUnreadable(turn: Turn): Promise<null> {
  if (turn.message.kind === "ignore") return null;
  if (turn.message.kind === "order") await reply(turn, cannedReplies(replyLanguage(turn.assistant.language, "")).orderReceived);
  else await unreadableMedia(turn);
  return null;
}

/**
 * A WhatsApp Flow's answer goes to the skill waiting at a Flow node, which maps its fields into its
 * variables. One no skill waits for (sent from the inbox or the API) is for people and the business's
 * systems (the thread, `message.received`): the assistant says nothing.
 */
async function answerFlow(turn: Turn, skills: RunnableSkill[]): Promise<Pending | null> {
  const session = await openingSession(turn);
  if (!session) return null;
  const graph = await sessionGraph(turn, session);
  if (graph?.nodes.find((n) => n.id === session.nodeId)?.type !== "flow") return null;
  await setMisses(turn, 0);
  return next(turn, skills, await continueSkill(turn, session, graph));
}

async function resumeAiNode(turn: Turn, skills: RunnableSkill[], input: Extract<TurnInput, { kind: "ai" }>): Promise<Pending | null> {
  const session = await openingSession(turn);
  if (!session || session.nodeId !== input.nodeId) return null;
  const graph = await sessionGraph(turn, session);
  if (!graph) {
    await abandonSession(turn.db, turn.conversation.id);
    return null;
  }
  return next(turn, skills, await continueSkill(turn, session, graph, input.answer));
}

function next(turn: Turn, skills: RunnableSkill[], outcome: Outcome | null): Pending | null {
  if (outcome?.kind !== "ai") return null;
  return { kind: "ai", brief: brief(turn, skills), nodeId: outcome.nodeId, instructions: outcome.instructions };
}

function brief(turn: Turn, skills: RunnableSkill[]): TurnBrief {
  return {
    businessId: turn.businessId,
    businessName: turn.businessName,
    conversationId: turn.conversation.id,
    messageId: turn.message.id,
    text: turn.message.text,
    timeZone: turn.timeZone,
    assistant: turn.assistant,
    skills: skillBriefs(skills),
  };
}
