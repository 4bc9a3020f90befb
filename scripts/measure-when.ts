// Issue 35 item 7: how well a reader of days and times reads the unseen corpus's tuned part. For each
// tuned conversation that ends in one booking, every customer message is read in turn (each reading
// merged with the day and time said before, as the dialogue manager merges them), and the last full
// date-time is compared with the booking the case expects. Two readers: the assistant's own
// (lib/runtime/understanding/when.ts) and Microsoft Recognizers Text, which is not a dependency:
//   npm i --no-save @microsoft/recognizers-text-suite@1.3.1 && npx tsx scripts/measure-when.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { mergeWhen } from "@/lib/runtime/understanding/slots";
import { readWhenParts, rollPastWeekday, type WhenParts } from "@/lib/runtime/understanding/when";
import { DEFAULT_NOW, parseCases } from "@/tests/conversations/unseen/case-schema";
import { zonedInstant } from "@/lib/time/time-zone";

const localToInstantIn = (zone: string, local: string) => {
  const [year, month, day, hour, minute] = local.split(/[-T:]/).map(Number);
  return zonedInstant(zone, { year, month, day, hour, minute });
};
const zones = { tasca: "Europe/Lisbon", lola: "Europe/Madrid" } as const;
const file = path.resolve(__dirname, "../tests/conversations/unseen/tuned.json");
const { cases } = parseCases("tuned.json", JSON.parse(fs.readFileSync(file, "utf8")));
const booked = cases.filter((c) => c.outcome.bookings?.length === 1);

type Reader = (text: string, nowLocal: string, zone: string, lang: string) => WhenParts | null;

const ours: Reader = (text, nowLocal, zone) => readWhenParts(text, { timeZone: zone, now: localToInstantIn(zone, nowLocal) });

type Resolution = { type?: string; value?: string; timex?: string };
type Recognizer = {
  recognizeDateTime: (q: string, culture: string, options?: number, ref?: Date) => Array<{ resolution: { values: Resolution[] } }>;
  Culture: Record<string, string>;
};

function microsoft(mrt: Recognizer): Reader {
  const culture = (lang: string) => (lang === "es" ? mrt.Culture.Spanish : lang === "pt" ? mrt.Culture.Portuguese : mrt.Culture.English);
  return (text, nowLocal, _zone, lang) => {
    // The recognizer reads wall clocks of the process's zone: the business's wall clock as UTC.
    const ref = new Date(`${nowLocal}:00Z`);
    const out: WhenParts = {};
    for (const found of mrt.recognizeDateTime(text, culture(lang), 0, ref)) {
      // Of the readings (last Saturday, next Saturday...) the first not before now.
      const values = found.resolution.values.filter((v) => v.value);
      const pick = values.find((v) => (v.value ?? "") >= nowLocal.replace("T", " ")) ?? values[values.length - 1];
      const v = pick?.value ?? "";
      const date = /^(\d{4}-\d{2}-\d{2})/.exec(v)?.[1];
      const time = /(?:^|\s)(\d{2}:\d{2}):\d{2}$/.exec(v)?.[1];
      if (date && !out.date) out.date = date;
      if (time && !out.time) out.time = time;
    }
    return out.date || out.time ? out : null;
  };
}

function score(read: Reader): { right: number; total: number; wrong: string[] } {
  let right = 0;
  const wrong: string[] = [];
  for (const c of booked) {
    const zone = zones[c.business];
    const nowLocal = c.now ?? DEFAULT_NOW;
    let parts: WhenParts | undefined;
    let last: string | null = null;
    for (const turn of c.turns) {
      const said = read(turn.say, nowLocal, zone, c.lang);
      if (!said) continue;
      parts = mergeWhen(parts, said);
      rollPastWeekday(parts, { timeZone: zone, now: localToInstantIn(zone, nowLocal) });
      if (parts.date && parts.time) last = `${parts.date}T${parts.time}`;
    }
    const expected = c.outcome.bookings?.[0]?.when;
    if (last === expected) right++;
    else wrong.push(`${c.id}: ${last ?? "nothing"} (expected ${expected})`);
  }
  return { right, total: booked.length, wrong };
}

async function main() {
  const report = (name: string, r: ReturnType<typeof score>) => {
    console.log(`${name}: ${r.right}/${r.total} booking date-times read right`);
    if (process.argv.includes("--wrong")) for (const w of r.wrong) console.log(`  ${w}`);
  };
  report("hand-written (understanding/when.ts)", score(ours));
  const name = "@microsoft/recognizers-text-suite";
  try {
    // RECOGNIZERS_PATH: the package installed elsewhere (it is no dependency of the project).
    const where = process.env.RECOGNIZERS_PATH;
    const mrt = (where ? createRequire(__filename)(where) : await import(name)) as Recognizer;
    report("Microsoft Recognizers Text 1.3.1", score(microsoft(mrt)));
  } catch {
    console.log(`Microsoft Recognizers Text: not installed (npm i --no-save ${name}@1.3.1)`);
  }
}

void main();
