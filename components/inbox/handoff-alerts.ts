// The opt-in new-handoff alert (a browser notification and a sound), stored per browser.

const KEY = "convo.handoffAlerts";
export const ALERTS_CHANGED = "convo:handoff-alerts";

export function alertsEnabled(): boolean {
  try {
    return typeof window !== "undefined" && window.localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

export function setAlertsEnabled(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, "on");
    else window.localStorage.removeItem(KEY);
  } catch {}
  window.dispatchEvent(new Event(ALERTS_CHANGED));
}

/** A short two-tone chime made with Web Audio (no sound file to ship or fetch). */
export function playChime(): void {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.gain.value = 0.08;
    gain.connect(ctx.destination);
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + i * 0.15 + 0.12);
    });
    setTimeout(() => ctx.close().catch(() => {}), 600);
  } catch {}
}

export function notifyHandoff(contactName: string, conversationId: string): void {
  playChime();
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    const n = new Notification("A customer is waiting for a person", { body: contactName, tag: conversationId });
    n.onclick = () => {
      window.focus();
      window.location.assign(`/inbox?c=${conversationId}`);
    };
  } catch {}
}
