import { countTokens as count } from "gpt-tokenizer";

// The retrieval engine uses no model, but its replies are still metered in the same unit an LLM would
// bill, so a wallet means the same thing with or without a provider: the prompt it would have sent
// (the customer's message and the retrieved context) plus the reply, counted with GPT's tokenizer.

export function countTokens(...texts: Array<string | null | undefined>): number {
  let total = 0;
  for (const text of texts) if (text) total += count(text);
  return total;
}
