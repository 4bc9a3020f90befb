import { describe, expect, it } from "vitest";
import { slotFor } from "@/lib/runtime/engine/availability-node";
import { pickOption } from "@/lib/runtime/engine/choice";
import { testCondition } from "@/lib/runtime/engine/condition";
import { conditionData } from "@/lib/shared/graph-schema";
import { parseAnswer } from "@/lib/runtime/engine/parse-answer";
import { renderField, renderMessage } from "@/lib/runtime/engine/render";
import { asksForHuman } from "@/lib/runtime/understanding/human-request";
import { containsPhrase } from "@/lib/runtime/understanding/text-match";

// The pieces the skill runtime is made of, checked one by one: answers by kind, choices, conditions,
// templates, slots, and the "let me talk to a person" detector.

const lisbon = { timeZone: "Europe/Lisbon", customerPhone: "+351912345678", now: new Date("2026-07-10T10:00:00Z") };
const berlinWinter = { timeZone: "Europe/Berlin", customerPhone: "+4915112345678", now: new Date("2026-11-20T10:00:00Z") };

describe("question kinds", () => {
  it("reads numbers from digits and words", () => {
    expect(parseAnswer("number", "we are 4", lisbon)).toBe(4);
    expect(parseAnswer("number", "2,5 kg", lisbon)).toBe(2.5);
    expect(parseAnswer("number", "three of us", lisbon)).toBe(3);
    expect(parseAnswer("number", "somos cinco", lisbon)).toBe(5);
    expect(parseAnswer("number", "lots", lisbon)).toBeNull();
  });

  it("reads emails and phones (E.164, national numbers in the customer's own country)", () => {
    expect(parseAnswer("email", "it's Ada.L@Example.COM thanks", lisbon)).toBe("Ada.L@example.com");
    expect(parseAnswer("email", "ada at example", lisbon)).toBeNull();
    expect(parseAnswer("phone", "call me on 912 345 679", lisbon)).toBe("+351912345679");
    expect(parseAnswer("phone", "+44 20 7946 0958", lisbon)).toBe("+442079460958");
    expect(parseAnswer("phone", "0151 23456789", berlinWinter)).toBe("+4915123456789");
    expect(parseAnswer("phone", "12", lisbon)).toBeNull();
  });

  it("reads dates and date-times in the business's time zone, with that day's offset", () => {
    expect(parseAnswer("date", "next friday", lisbon)).toBe("2026-07-17");
    expect(parseAnswer("date", "23 November", lisbon)).toBe("2026-11-23");
    expect(parseAnswer("datetime", "tomorrow at 7pm", lisbon)).toBe("2026-07-11T19:00:00+01:00");
    // Asked in July, for November: Lisbon is back on +00:00 by then.
    expect(parseAnswer("datetime", "November 23 at 7:30pm", lisbon)).toBe("2026-11-23T19:30:00+00:00");
    expect(parseAnswer("datetime", "23/11 19h", berlinWinter)).toBe("2026-11-23T19:00:00+01:00");
    expect(parseAnswer("datetime", "amanhã às 20:00", lisbon)).toBe("2026-07-11T20:00:00+01:00");
    expect(parseAnswer("datetime", "23 de novembro às 19h30", lisbon)).toBe("2026-11-23T19:30:00+00:00");
    expect(parseAnswer("datetime", "am 23.11. um 19 Uhr", berlinWinter)).toBe("2026-11-23T19:00:00+01:00");
    expect(parseAnswer("datetime", "tomorrow", lisbon)).toBeNull();
    expect(parseAnswer("datetime", "whenever", lisbon)).toBeNull();
  });

  it("picks the option a client system's button id names, whatever its title says (issue 38)", () => {
    const sizes = ["Small", "Large"];
    expect(pickOption("Big one", { kind: "button_reply", id: "large", title: "Big one" }, sizes)).toBe(1);
    // An id naming no option leaves the title to decide.
    expect(pickOption("Small", { kind: "button_reply", id: "sz_s", title: "Small" }, sizes)).toBe(0);
    expect(pickOption("Medium", { kind: "list_reply", id: "sz_m", title: "Medium" }, sizes)).toBeNull();
  });

  it("picks a choice by number, text, button id, yes/no words or a close spelling", () => {
    const options = ["Pizza Margherita", "Pizza Diavola", "Vegetarian Lasagna"];
    expect(pickOption("2", null, options)).toBe(1);
    expect(pickOption("option 3", null, options)).toBe(2);
    expect(pickOption("x", { id: "opt_1" }, options)).toBe(0);
    expect(pickOption("pizza diavola", null, options)).toBe(1);
    expect(pickOption("the lasagna please", null, options)).toBe(2);
    expect(pickOption("margarita", null, options)).toBe(0);
    expect(pickOption("pizza", null, options)).toBeNull();
    expect(pickOption("7", null, options)).toBeNull();
    expect(pickOption("sim", null, ["Yes", "No"])).toBe(0);
    expect(pickOption("nope, cancel it", null, ["Yes", "No"])).toBe(1);
  });
});

describe("conditions and templates", () => {
  it("compares text without case or accents, numbers as numbers, dates in time order", () => {
    const vars = { confirm: "Yes", size: 8, when: "2026-11-23T19:00:00+00:00", note: "Sem glúten" };
    expect(testCondition({ variable: "confirm", operator: "equals", value: "yes" }, vars)).toBe(true);
    expect(testCondition({ variable: "size", operator: "gt", value: "6" }, vars)).toBe(true);
    expect(testCondition({ variable: "size", operator: "lt", value: 6 }, vars)).toBe(false);
    expect(testCondition({ variable: "when", operator: "lt", value: "2026-12-01" }, vars)).toBe(true);
    expect(testCondition({ variable: "note", operator: "contains", value: "gluten" }, vars)).toBe(true);
    expect(testCondition({ variable: "missing", operator: "exists" }, vars)).toBe(false);
    expect(testCondition({ variable: "confirm", operator: "not_equals", value: "No" }, vars)).toBe(true);
  });

  it("tests a field of a chosen item (item.priceAmount, item.inStock), which the graph schema accepts", () => {
    const vars = { item: { title: "Tiramisu", priceAmount: 600, currency: "EUR", inStock: true }, quantity: 3 };
    expect(testCondition({ variable: "item.priceAmount", operator: "gt", value: 500 }, vars)).toBe(true);
    expect(testCondition({ variable: "item.totalAmount", operator: "gt", value: 1500 }, vars)).toBe(true);
    expect(testCondition({ variable: "item.title", operator: "equals", value: "tiramisu" }, vars)).toBe(true);
    expect(testCondition({ variable: "item.missing", operator: "exists" }, vars)).toBe(false);
    expect(conditionData.safeParse({ variable: "item.priceAmount", operator: "gt", value: 500 }).success).toBe(true);
    expect(conditionData.safeParse({ variable: "item.price.amount", operator: "gt", value: 500 }).success).toBe(false);
    expect(conditionData.safeParse({ variable: ".price", operator: "exists" }).success).toBe(false);
  });

  it("fills placeholders, reads dates naturally in messages and keeps raw values in records", () => {
    const vars = {
      name: "Ada",
      size: 4,
      when: "2026-11-23T19:00:00+00:00",
      item: { title: "Tiramisu", price: "6.00 EUR", priceAmount: 600, currency: "EUR" },
      quantity: 3,
    };
    expect(renderMessage("{{name}}: {{size}} on {{when}}, {{ item.title }} {{item.total}} {{nobody}}.", vars, "Europe/Lisbon")).toBe(
      "Ada: 4 on Monday 23 November at 19:00, Tiramisu €18.00 .",
    );
    expect(renderField("{{size}}", vars)).toBe(4);
    expect(renderField("{{when}}", vars)).toBe("2026-11-23T19:00:00+00:00");
    expect(renderField("{{name}} x{{size}}", vars)).toBe("Ada x4");
    expect(renderField("{{item.totalAmount}}", vars)).toBe(1800);
  });
});

describe("availability slots", () => {
  const data = { variable: "when", slotMinutes: 90, capacity: 4, openingHours: { mon: ["12:00-15:00", "18:00-23:00"] } };
  it("starts slots at the opening time in the business's zone and refuses closed times", () => {
    expect(slotFor(data, "2026-11-23T20:00:00+00:00", "Europe/Lisbon")?.toISOString()).toBe("2026-11-23T19:30:00.000Z");
    expect(slotFor(data, "2026-11-23T18:00:00+00:00", "Europe/Lisbon")?.toISOString()).toBe("2026-11-23T18:00:00.000Z");
    expect(slotFor(data, "2026-11-23T16:00:00+00:00", "Europe/Lisbon")).toBeNull();
    expect(slotFor(data, "2026-11-23T23:00:00+00:00", "Europe/Lisbon")).toBeNull();
    // Tuesday has no hours: closed.
    expect(slotFor(data, "2026-11-24T19:00:00+00:00", "Europe/Lisbon")).toBeNull();
    // The same instant is 21:00 in Berlin: the 21:00 slot there.
    expect(slotFor(data, "2026-11-23T20:00:00+00:00", "Europe/Berlin")?.toISOString()).toBe("2026-11-23T20:00:00.000Z");
    expect(slotFor(data, "2026-11-23", "Europe/Lisbon")).toBeNull();
  });
});

describe("matching what customers write", () => {
  it("matches phrases as whole words, without case or accents", () => {
    expect(containsPhrase("Quero fazer uma RESERVAÇÃO", "reservacao")).toBe(true);
    expect(containsPhrase("my notebook", "book")).toBe(false);
    expect(containsPhrase("contact me please", "contact me")).toBe(true);
  });

  it.each([
    ["I want to talk to a human", "en"],
    ["AGENT", "en"],
    ["can I speak to someone?", "en"],
    ["put me through to a human pls", "en"],
    ["quero falar com um atendente", "pt"],
    ["Posso falar com uma pessoa?", "pt"],
    ["necesito hablar con una persona", "es"],
    ["un humain s'il vous plaît", "fr"],
    ["Ich will mit einem Menschen sprechen", "de"],
  ])("hears a request for a person in %s", (text, language) => {
    expect(asksForHuman(text)).toBe(language);
  });

  it.each([
    "a table for one person",
    "we need a table for 2 people",
    "2 persons",
    "What is your address?",
    "mesa para uma pessoa",
    "can I get a table for our staff party?",
    "walk me through the menu please",
  ])("does not take %s for a request", (text) => {
    expect(asksForHuman(text)).toBeNull();
  });
});
