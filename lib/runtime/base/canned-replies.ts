import { type DetectedLanguage, isLanguage, type Language } from "../../language";
import { detectLanguage } from "../understanding/language";
import { t } from "../messages";

// The language the assistant answers in, and the few sentences it says on its own as a typed object
// (the engine's older callers); new code calls `t()` from ./messages directly.

type Replies = {
  handingOff: string;
  noAnswer: string;
  noAnswerOffer: (offers: string) => string;
  noAnswerHandoff: string;
  knowledgeIntro: (title: string) => string;
  catalogIntro: string;
  outOfStock: string;
  orderReceived: string;
  textOnly: string;
};

/** The language an assistant is set to ("pt-PT" -> "pt"), or null for `auto` or one it cannot speak. */
export function fixedLanguage(assistantLanguage: string): Language | null {
  const primary = assistantLanguage.toLowerCase().split(/[-_]/)[0];
  return assistantLanguage !== "auto" && isLanguage(primary) ? primary : null;
}

/**
 * The assistant's fixed language, or (with `auto`) the language of the customer's message: `hint`
 * when the caller already knows it, else detected, keeping `previous` (the conversation's) when the
 * message says nothing about it.
 */
export function replyLanguage(assistantLanguage: string, customerText: string, hint?: Language | null, previous?: DetectedLanguage | null): Language {
  return fixedLanguage(assistantLanguage) ?? hint ?? detectLanguage(customerText, previous);
}

export function cannedReplies(language: Language): Replies {
  return {
    handingOff: t(language, "handingOff"),
    noAnswer: t(language, "noAnswer"),
    noAnswerOffer: (offers) => t(language, "noAnswerOffer", { offers }),
    noAnswerHandoff: t(language, "noAnswerHandoff"),
    knowledgeIntro: (title) => t(language, "knowledgeIntro", { title }),
    catalogIntro: t(language, "catalogIntro"),
    outOfStock: t(language, "outOfStock"),
    orderReceived: t(language, "orderReceived"),
    textOnly: t(language, "textOnly"),
  };
}
