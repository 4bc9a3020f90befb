import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { messages } from "../../db/schema";
import { turnLanguage } from "../base/conversation-language";
import { answerToOffer, offeredPerson, offerPerson } from "../base/person-offer";
import { handOffSaying, reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { t } from "../messages";
import { smallTalk } from "../understanding/small-talk";
import { normalize, words } from "../understanding/text-match";
import { setMisses } from "./free-answer";

// Never a dead end (issue 35 item 6), the turn's side: the answer to a person offered in the last
// reply, a request said again word for word, and a photo, document or voice note the assistant cannot
// read. Each hand-over names its reason, which the conversation's thread shows.

/** The customer answers the person offered in the last reply: handed over on "yes", carried on after "no". */
export async function answerPersonOffer(turn: Turn): Promise<boolean> {
  const offer = await offeredPerson(turn);
  if (!offer) return false;
  const answer = answerToOffer(turn, offer);
  if (!answer) return false;
  const language = await turnLanguage(turn);
  if (answer === "decline") {
    // "ok thanks" is small talk too, and answered as such.
    const talk = smallTalk(turn.message.text, turn.businessName);
    await reply(turn, t(language, talk ? `smallTalk.${talk.kind}` : "offerDeclined"));
    return true;
  }
  const said = offer.why === "complaint" ? "handingOffComplaint" : "handingOff";
  await handOffSaying(turn, offer.why, t(language, said));
  return true;
}

/** The same request (three words or more) as the customer's previous message: a person takes over. */
export async function repeatedRequest(turn: Turn): Promise<boolean> {
  const said = normalize(turn.message.text);
  if (words(said).length < 3) return false;
  // Read with the turn (Turn.loaded) when it was.
  const previous = turn.loaded ? turn.loaded.previousInboundText : await previousInboundText(turn);
  if (!previous || normalize(previous) !== said) return false;
  await handOffSaying(turn, "repeated_request", t(await turnLanguage(turn), "handingOffRepeat"));
  return true;
}

async function previousInboundText(turn: Turn): Promise<string | null> {
  const [previous] = await turn.db
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.conversationId, turn.conversation.id), eq(messages.direction, "inbound"), lt(messages.id, turn.message.id)))
    .orderBy(desc(messages.id))
    .limit(1);
  return previous?.text ?? null;
}

/**
 * A photo, document or voice note with no words the assistant can read: the first time it asks for
 * text and offers a person; the second in a row (or after another miss) a person takes over.
 */
export async function unreadableMedia(turn: Turn): Promise<void> {
  const language = await turnLanguage(turn);
  if (turn.conversation.misses >= 1) {
    await handOffSaying(turn, "unreadable_media", t(language, "handingOffMedia"));
    return;
  }
  await setMisses(turn, turn.conversation.misses + 1);
  await offerPerson(turn, language, "unreadable_media", t(language, "textOnly"));
}
