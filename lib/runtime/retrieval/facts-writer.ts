import "server-only";
import { openingLabel } from "../../businesses/hours";
import { type HoursRules, hasNoHours, isOpenAt, nextOpening, openRangesOn, weekdayKeys } from "../../businesses/hours-rules";
import { isDetectedLanguage, type Language } from "../../language";
import { type BusinessFacts, cardMethods, type PaymentMethod, paymentMethodLabels } from "../../shared/business-facts-schema";
import { formatMoney, languageOfLocale } from "../../shared/locale-format";
import { isoDate, wallClock } from "../../time/time-zone";
import { type MessageKey, t } from "../messages";
import type { FactQuestion, FactTopic } from "../understanding/fact-questions";
import { readWhenParts } from "../understanding/when";

// The sentences of a facts answer (facts-answer.ts), in the customer's language: the `facts.*`
// messages filled from the settings, with days, lists and money written by Intl in their locale.

export const locales: Record<Language, string> = { en: "en-GB", pt: "pt-PT", es: "es-ES", fr: "fr-FR", de: "de-DE" };

/** What the settings say: the time zone, the business hours and the facts. */
export type Known = { timeZone: string; hours: HoursRules; facts: BusinessFacts };

/** "€2.50" (en), "2,50 €" (pt, es): the one money helper (lib/shared/locale-format.ts). */
export function moneyIn(locale: string, m: { amount: number; currency: string }): string {
  return formatMoney(m.amount, m.currency, languageOfLocale(locale));
}

const listIn = (locale: string, items: string[], type: "conjunction" | "disjunction") =>
  new Intl.ListFormat(locale, { style: "long", type }).format(items);

/** "12:00–15:00 and 19:00–23:00". */
export const rangesIn = (locale: string, list: string[]) =>
  listIn(
    locale,
    list.map((r) => r.replace("-", "–")),
    "conjunction",
  );

/** "Monday" … "Sunday" (0 is Monday), capitalised. */
export function weekdayName(locale: string, index: number): string {
  // 2024-01-01 was a Monday.
  const name = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + index)));
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A week's hours as lines, consecutive days with the same hours together, the open ones first:
 * "• Monday to Friday: 09:00–14:00 and 16:00–20:00", "• Saturday and Sunday: closed". The business's
 * hours and a staff member's alike.
 */
export function weekLines(lang: Language, weekly: HoursRules["weekly"]): string[] {
  const locale = locales[lang];
  const groups: Array<{ from: number; to: number; key: string; ranges: string[] }> = [];
  weekdayKeys.forEach((k, i) => {
    const ranges = weekly[k] ?? [];
    const last = groups[groups.length - 1];
    if (last && last.key === ranges.join()) last.to = i;
    else groups.push({ from: i, to: i, key: ranges.join(), ranges });
  });
  const closed = t(lang, "facts.hours.closed");
  const open = groups.filter((g) => g.ranges.length);
  const shut = groups.filter((g) => !g.ranges.length);
  const name = (i: number) => weekdayName(locale, i);
  const label = (g: { from: number; to: number }) =>
    g.from === g.to
      ? name(g.from)
      : g.to === g.from + 1
        ? listIn(locale, [name(g.from), name(g.to)], "conjunction")
        : t(lang, "facts.hours.dayRange", { from: name(g.from), to: name(g.to) });
  return [...open.map((g) => `• ${label(g)}: ${rangesIn(locale, g.ranges)}`), ...shut.map((g) => `• ${label(g)}: ${closed}`)];
}

/** Writes one topic of a facts answer; null when the business has not set what it needs. */
export class Writer {
  /** Set once an answer said that a way of paying asked about is not taken. */
  refusedPayment = false;
  private readonly locale: string;
  constructor(
    private readonly lang: Language,
    private readonly known: Known,
    private readonly at: Date,
  ) {
    this.locale = locales[lang];
  }

  private t(key: MessageKey, vars: Record<string, string | number> = {}) {
    return t(this.lang, key, vars);
  }

  topic(topic: FactTopic, asked: FactQuestion, question: string): string | null {
    switch (topic) {
      case "hours":
        return this.hours(asked, question);
      case "address":
        return this.known.facts.address ? this.t("facts.address", { address: this.known.facts.address }) : null;
      case "delivery":
      case "deliveryCost":
      case "minimum":
        return this.delivery(topic, asked);
      case "payment":
        return this.payment(asked);
      case "pickup": {
        const pickup = this.known.facts.pickup;
        return pickup ? this.t(pickup.offered ? "facts.pickup.yes" : "facts.pickup.no") : null;
      }
    }
  }

  private list(items: string[], type: "conjunction" | "disjunction") {
    return listIn(this.locale, items, type);
  }

  private money(m: { amount: number; currency: string }) {
    return moneyIn(this.locale, m);
  }

  private ranges(list: string[]) {
    return rangesIn(this.locale, list);
  }

  private dateLabel(date: string) {
    const [y, m, d] = date.split("-").map(Number);
    return new Intl.DateTimeFormat(this.locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
  }

  private hours(asked: FactQuestion, question: string): string | null {
    const { hours, timeZone } = this.known;
    if (hasNoHours(hours)) return null;
    if (asked.now) {
      if (isOpenAt(hours, timeZone, this.at)) {
        const w = wallClock(this.at, timeZone);
        const minute = w.hour * 60 + w.minute;
        const current = openRangesOn(hours, w).find((r) => {
          const [from, to] = r.split("-").map((x) => Number(x.slice(0, 2)) * 60 + Number(x.slice(3, 5)));
          return minute >= from && minute < (to === 0 ? 1440 : to);
        });
        return this.t("facts.hours.openNow", { until: current?.slice(6) ?? "" });
      }
      const next = nextOpening(hours, timeZone, this.at);
      const label = isDetectedLanguage(this.lang) ? this.lang : "en";
      if (next) return this.t("facts.hours.closedNow", { when: openingLabel(next.at, timeZone, label, this.at) });
    }
    // The day of the question itself, not of a remark beside it ("isn't the weather grand today!
    // Are you open on Mondays?" asks about Monday).
    const questionsAsked = question
      .split(/(?<=[.!?])/)
      .filter((sentence) => sentence.endsWith("?"))
      .join(" ");
    const inQuestion = questionsAsked ? readWhenParts(questionsAsked, { timeZone, now: this.at }) : null;
    const when = inQuestion?.date ? inQuestion : readWhenParts(question, { timeZone, now: this.at });
    if (when?.date) return this.day(when.date);
    return this.week();
  }

  /** One date's hours: "On Sunday we're open 12:00–15:00 and 19:00–23:00." (a holiday says so). */
  private day(date: string): string {
    const { hours } = this.known;
    const [y, m, d] = date.split("-").map(Number);
    const today = wallClock(this.at, this.known.timeZone);
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    const offset = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.year, today.month - 1, today.day)) / 86_400_000);
    const day = this.t(offset === 0 ? "facts.day.today" : offset === 1 ? "facts.day.tomorrow" : (`facts.day.${weekdayKeys[weekday]}` as MessageKey));
    const open = openRangesOn(hours, { year: y, month: m, day: d });
    const holiday = hours.holidays.find((h) => h.date === date);
    if (holiday) {
      const note = holiday.name ? ` (${holiday.name})` : "";
      const vars = { day, date: this.dateLabel(date), note };
      return open.length ? this.t("facts.hours.holidayOpen", { ...vars, ranges: this.ranges(open) }) : this.t("facts.hours.holidayClosed", vars);
    }
    return open.length ? this.t("facts.hours.open", { day, ranges: this.ranges(open) }) : this.t("facts.hours.closedOn", { day });
  }

  /** The week, consecutive days with the same hours together, and the holidays of the next four weeks. */
  private week(): string {
    const { hours } = this.known;
    const lines = weekLines(this.lang, hours.weekly);
    const closed = this.t("facts.hours.closed");
    const today = wallClock(this.at, this.known.timeZone);
    const from = isoDate(today);
    const until = isoDate(wallClock(new Date(this.at.getTime() + 28 * 86_400_000), this.known.timeZone));
    for (const h of [...hours.holidays].sort((a, b) => a.date.localeCompare(b.date))) {
      if (h.date < from || h.date > until) continue;
      const note = h.name ? ` (${h.name})` : "";
      lines.push(`• ${this.dateLabel(h.date)}${note}: ${h.hours?.length ? this.ranges(h.hours) : closed}`);
    }
    return `${this.t("facts.hours.title")}\n${lines.join("\n")}`;
  }

  private delivery(topic: FactTopic, asked: FactQuestion): string | null {
    const { facts } = this;
    const d = facts.delivery;
    if (!d) return null;
    if (!d.offered) return [this.t("facts.delivery.no"), facts.pickup?.offered ? this.t("facts.pickup.yes") : ""].filter(Boolean).join(" ");
    const out: string[] = [];
    const norm = (s: string) =>
      s
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .trim();
    const place = asked.place ? d.places.find((p) => norm(p) === norm(asked.place ?? "") || norm(asked.place ?? "").includes(norm(p))) : undefined;
    if (place) out.push(this.t("facts.delivery.toPlace", { place }));
    else if (d.radiusKm || d.places.length) {
      if (d.radiusKm) {
        const km = new Intl.NumberFormat(this.locale, { maximumFractionDigits: 1 }).format(d.radiusKm);
        out.push(facts.address ? this.t("facts.delivery.radius", { km, address: facts.address }) : this.t("facts.delivery.radiusHere", { km }));
      }
      if (d.places.length) out.push(this.t("facts.delivery.places", { places: this.list(d.places, "conjunction") }));
    } else out.push(this.t("facts.delivery.yes"));
    if (d.fee) {
      out.push(d.fee.amount === 0 ? this.t("facts.delivery.free") : this.t("facts.delivery.fee", { fee: this.money(d.fee) }));
      if (d.fee.amount > 0 && d.freeFrom) out.push(this.t("facts.delivery.freeFrom", { amount: this.money(d.freeFrom) }));
    }
    if (d.minimum) out.push(this.t("facts.delivery.minimum", { amount: this.money(d.minimum) }));
    else if (topic === "minimum") out.push(this.t("facts.delivery.noMinimum"));
    return out.length ? out.join(" ") : null;
  }

  private get facts() {
    return this.known.facts;
  }

  private methodName(m: PaymentMethod) {
    return m === "cash" || m === "card" || m === "bank_transfer" ? this.t(`facts.method.${m}`) : paymentMethodLabels[m];
  }

  private payment(asked: FactQuestion): string | null {
    const { facts } = this;
    const atBusiness = facts.paymentMethods;
    const onDelivery = facts.delivery?.offered ? (facts.delivery.paymentMethods ?? atBusiness) : null;
    const methods = asked.onDelivery && onDelivery ? onDelivery : atBusiness;
    if (!methods.length) return null;
    const delivered = asked.onDelivery && !!onDelivery;
    const names = (list: PaymentMethod[]) =>
      this.list(
        list.map((m) => this.methodName(m)),
        "disjunction",
      );
    const out: string[] = [];
    let refused = false;
    for (const m of asked.methods) {
      // "card" is any card: asked for card, a brand taken is a yes; asked for a brand, "card" taken is one.
      const takes =
        methods.includes(m) || (cardMethods.includes(m) && (m === "card" ? methods.some((x) => cardMethods.includes(x)) : methods.includes("card")));
      const name = m === "card" && takes ? names(methods.filter((x) => cardMethods.includes(x))) : this.methodName(m);
      if (takes) out.push(this.t(delivered ? "facts.payment.yesOnDelivery" : "facts.payment.yes", { method: name }));
      else out.push(this.t(delivered ? "facts.payment.noOnDelivery" : "facts.payment.no", { method: name }));
      refused ||= !takes;
    }
    this.refusedPayment ||= refused;
    // The whole list when asked in general, or to say what works instead of a method refused.
    if (!asked.methods.length || refused)
      out.push(this.t(delivered ? "facts.payment.onDelivery" : "facts.payment.methods", { methods: names(methods) }));
    // Asked in general, a delivery paid differently is worth saying.
    if (!delivered && onDelivery && onDelivery.join() !== atBusiness.join() && onDelivery.length)
      out.push(this.t("facts.payment.onDelivery", { methods: names(onDelivery) }));
    return out.join(" ");
  }
}
