import { describe, expect, it } from "vitest";
import { validateGraph } from "../../lib/shared/validate-graph";
import { appointmentGraph, inLanguage, starterSkill } from "../../lib/skills/starter-skills";
import { inPart, partOfDay, readTimeRange } from "../../lib/runtime/understanding/time-range";
import { appointmentAction } from "../../lib/runtime/understanding/acts";
import { wallClock } from "../../lib/time/time-zone";

// The appointment skill's graph language (service and appointment nodes), its starter skill, and the
// readings it relies on: a time range in the customer's words and "move/cancel my appointment".

describe("service and appointment nodes", () => {
  it("the starter appointment skill validates with no warnings, in en, pt and es", () => {
    for (const lang of ["en", "pt", "es"] as const)
      expect(validateGraph(inLanguage(appointmentGraph, lang))).toMatchObject({ ok: true, warnings: [] });
    expect(starterSkill("appointment", "pt")).toMatchObject({ id: "sk_appointment", name: "Marcações" });
    const pt = starterSkill("appointment", "pt")?.graph.nodes.find((n) => n.id === "service");
    expect(pt?.data).toMatchObject({ text: "Com todo o gosto! Que serviço pretende?" });
  });

  it("refuses bad node data with a path per problem", () => {
    const graph = structuredClone(appointmentGraph) as unknown as { nodes: Array<{ data: Record<string, unknown> }> };
    graph.nodes[1].data.services = ["not-a-service"];
    graph.nodes[2].data.maxOptions = 11;
    const result = validateGraph(graph);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path).sort()).toEqual(["graph.nodes[1].data.services[0]", "graph.nodes[2].data.maxOptions"]);
  });

  it("warns when no service node before an appointment node sets its service; a loop through one waits, so it is allowed", () => {
    const graph = structuredClone(appointmentGraph);
    const time = graph.nodes.find((n) => n.type === "appointment");
    if (time?.type !== "appointment") throw new Error("no appointment node");
    time.data.service = "svc";
    const result = validateGraph(graph);
    expect(result).toMatchObject({ ok: true, warnings: [{ path: "graph.nodes[2].data.service" }] });
    const loop = structuredClone(appointmentGraph);
    loop.edges = loop.edges.map((e) => (e.id === "e_time_none" ? { ...e, target: "time" } : e));
    expect(validateGraph(loop).ok).toBe(true);
  });
});

describe("reading a time range", () => {
  const ctx = { timeZone: "Europe/Lisbon", now: new Date("2026-12-02T10:00:00Z") }; // a Wednesday
  const day = (d: Date) => {
    const w = wallClock(d, ctx.timeZone);
    return `${w.year}-${w.month}-${w.day}`;
  };

  it("reads next week, a day with a part of the day, a time, and nothing", () => {
    const week = readTimeRange("next week, mornings", ctx);
    expect([day(week.from), day(week.to), week.part]).toEqual(["2026-12-7", "2026-12-14", "morning"]);
    const sat = readTimeRange("sábado de manhã", ctx);
    expect([day(sat.from), sat.part]).toEqual(["2026-12-5", "morning"]);
    const thu = readTimeRange("el jueves por la tarde", ctx);
    expect([day(thu.from), thu.part]).toEqual(["2026-12-3", "tarde"]);
    expect(readTimeRange("la semana que viene por la tarde", ctx)).toMatchObject({ part: "tarde", said: true });
    const none = readTimeRange("a haircut please", ctx);
    expect(none).toMatchObject({ said: false, from: ctx.now });
    expect((none.to.getTime() - ctx.now.getTime()) / 86400000).toBe(14);
    // A time alone keeps the day of the appointment being moved.
    expect(readTimeRange("a las 5", ctx, "2026-12-09")).toMatchObject({ time: "17:00" });
    expect(day(readTimeRange("a las 5", ctx, "2026-12-09").from)).toBe("2026-12-9");
    // "mañana" alone is tomorrow, not the morning.
    expect(partOfDay("mañana")).toBeUndefined();
    expect(partOfDay("por la mañana")).toBe("manana");
  });

  it("keeps Spain's hours for 'la mañana' and 'la tarde', and noon for the Portuguese and English afternoon", () => {
    expect(partOfDay("sábado à tarde")).toBe("afternoon");
    expect(partOfDay("de tarde")).toBe("afternoon");
    expect(partOfDay("thursday afternoon")).toBe("afternoon");
    expect(partOfDay("sábado de manhã")).toBe("morning");
    expect(partOfDay("el viernes a la tarde")).toBe("tarde");
    expect(partOfDay("mejor por las tardes")).toBe("tarde");
    const hours = (part: ReturnType<typeof partOfDay>) => Array.from({ length: 24 }, (_, h) => h).filter((h) => inPart(h, part));
    expect(hours("tarde")).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(hours("manana")).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(hours("afternoon")).toEqual([12, 13, 14, 15, 16, 17]);
    expect(hours("morning")).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("reads a span between two hours, 'about' a time, and weeks or days ahead", () => {
    // Wednesday 2 December 2026.
    const friday = readTimeRange("Can I book a filling for this Friday between 5 and 7pm?", ctx);
    expect([day(friday.from), friday.time, friday.bound, friday.until]).toEqual(["2026-12-4", "17:00", "after", "19:00"]);
    const noon = readTimeRange("corte masculino sábado entre as 11 e o meio-dia", ctx);
    expect([day(noon.from), noon.time, noon.until]).toEqual(["2026-12-5", "11:00", "12:00"]);
    expect(readTimeRange("entre las 5 y las 7 el jueves", ctx)).toMatchObject({ time: "17:00", until: "19:00" });
    expect(readTimeRange("limpieza a eso de las diez y media el lunes", ctx)).toMatchObject({ time: "10:30" });
    // Two weeks from Wednesday the 2nd: the week of Monday the 14th; a weekday said is that week's.
    const twoWeeks = readTimeRange("a check-up in two weeks", ctx);
    expect([day(twoWeeks.from), day(twoWeeks.to)]).toEqual(["2026-12-14", "2026-12-21"]);
    expect(day(readTimeRange("dentro de dos semanas, el martes", ctx).from)).toBe("2026-12-15");
    const days = readTimeRange("uma consulta daqui a 15 dias de manhã", ctx);
    expect([day(days.from), day(days.to), days.part]).toEqual(["2026-12-17", "2026-12-24", "morning"]);
  });

  it("reads a window of days: part of a month, next month, the weekend, the end of next week, 'this side of'", () => {
    // Wednesday 2 December 2026.
    const span = (text: string) => {
      const r = readTimeRange(text, ctx);
      return [day(r.from), day(r.to), r.said];
    };
    expect(span("a women's cut for early January")).toEqual(["2027-1-1", "2027-1-11", true]);
    expect(span("uma manicure para o início de dezembro")).toEqual(["2026-12-2", "2026-12-11", true]);
    expect(span("¿tenéis algo la primera semana de diciembre?")).toEqual(["2026-12-2", "2026-12-8", true]);
    expect(span("a mediados de enero")).toEqual(["2027-1-10", "2027-1-21", true]);
    expect(span("late december")).toEqual(["2026-12-20", "2027-1-1", true]);
    expect(span("next month")).toEqual(["2027-1-1", "2027-2-1", true]);
    expect(span("um corte para o fim de semana")).toEqual(["2026-12-5", "2026-12-7", true]);
    expect(span("a check-up at the end of next week")).toEqual(["2026-12-10", "2026-12-14", true]);
    // A deadline: from now until Christmas Day, not after it.
    const christmas = readTimeRange("anything for a colour this side of christmas?", ctx);
    expect([christmas.from.getTime(), day(christmas.to)]).toEqual([ctx.now.getTime(), "2026-12-25"]);
  });

  it("tells an appointment's cancel or move from anything else", () => {
    expect(appointmentAction("preciso desmarcar")).toBe("cancel");
    expect(appointmentAction("I need to cancel my appointment")).toBe("cancel");
    expect(appointmentAction("can I move my appointment to Friday?")).toBe("change");
    expect(appointmentAction("quiero cambiar la cita a las 5")).toBe("change");
    expect(appointmentAction("quero remarcar")).toBe("change");
    expect(appointmentAction("I'd like to book an appointment")).toBeNull();
    expect(appointmentAction("cancel my table booking")).toBeNull();
    // The customer's own appointment named by its service.
    expect(appointmentAction("I need to cancel my manicure on Friday please")).toBe("cancel");
    expect(appointmentAction("quería cancelar mi corte del sábado")).toBe("cancel");
    expect(appointmentAction("cancel my order")).toBeNull();
  });
});
