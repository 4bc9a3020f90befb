import "server-only";
import { AppError } from "../../errors";
import { graphUrl } from "./connection";

/**
 * Proves that an access token can use a phone number id before a business saves it: Meta answers
 * `GET /{phone-number-id}` with that id only to a token of the number's own WhatsApp account. Without
 * this check a business could type in another business's number id and receive its customers.
 */
export async function verifyWhatsAppNumber(phoneNumberId: string, accessToken: string): Promise<{ displayNumber: string | null }> {
  const url = `${graphUrl()}/${encodeURIComponent(phoneNumberId)}?fields=id,display_phone_number`;
  let status: number;
  let body: { id?: unknown; display_phone_number?: unknown; error?: { message?: unknown } } | null;
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}` },
      redirect: "manual",
      signal: AbortSignal.timeout(Number(process.env.WHATSAPP_TIMEOUT_MS ?? 15_000)),
    });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch (err) {
    throw new AppError(
      "invalid_request",
      `Could not reach WhatsApp to check the access token (${(err as Error).message}); nothing was saved. Try again.`,
      [{ path: "accessToken", message: "WhatsApp could not be reached to check this token." }],
    );
  }
  if (status >= 200 && status < 300 && body?.id === phoneNumberId) {
    return { displayNumber: typeof body.display_phone_number === "string" ? body.display_phone_number : null };
  }
  const said = typeof body?.error?.message === "string" ? ` WhatsApp said: ${body.error.message}` : "";
  throw new AppError("invalid_request", "WhatsApp did not confirm that this access token belongs to that phone number id; nothing was saved.", [
    { path: "accessToken", message: `This token cannot use phone number id ${phoneNumberId}.${said}` },
  ]);
}
