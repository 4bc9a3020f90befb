import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";

// The reports' appointment figures (issue 40, item 4; docs/reports.md): appointments counted by their
// status now, on the local day they start (the business's time zone), and the no-show rate: no-shows
// among the appointments of the range that were not cancelled and have started by now (an appointment
// still ahead cannot be missed yet; one nobody marked counts as attended).

export const appointmentFigures = z
  .object({
    total: z.number().int().meta({ description: "Appointments starting in the group (any status)." }),
    booked: z.number().int(),
    confirmed: z.number().int(),
    cancelled: z.number().int(),
    noShow: z.number().int().meta({ description: "Marked `no_show`." }),
    completed: z.number().int(),
    noShowRate: z
      .number()
      .nullable()
      .meta({ description: "No-shows / appointments not cancelled that have started by now, 0..1 (4 decimals); null when none have." }),
  })
  .meta({ id: "AppointmentFigures" });
export type AppointmentFigures = z.infer<typeof appointmentFigures>;

type Row = {
  day: string | null;
  total: number;
  booked: number;
  confirmed: number;
  cancelled: number;
  no_show: number;
  completed: number;
  due: number;
};

function figures(r: Row | undefined): AppointmentFigures {
  const n = (v: unknown) => Number(v ?? 0);
  const due = n(r?.due);
  return {
    total: n(r?.total),
    booked: n(r?.booked),
    confirmed: n(r?.confirmed),
    cancelled: n(r?.cancelled),
    noShow: n(r?.no_show),
    completed: n(r?.completed),
    noShowRate: due ? Math.round((n(r?.no_show) / due) * 10_000) / 10_000 : null,
  };
}

/** Per local day of [from, to] (YYYY-MM-DD, both included) and in total. */
export async function appointmentReport(
  db: Db,
  businessId: string,
  q: { from: string; to: string; timeZone: string; now: Date },
): Promise<{ totals: AppointmentFigures; byDay: Map<string, AppointmentFigures> }> {
  const rows = await queryRows<Row>(
    db,
    sql`select to_char(a.start_at at time zone ${q.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as total,
          count(*) filter (where a.status = 'booked')::int as booked,
          count(*) filter (where a.status = 'confirmed')::int as confirmed,
          count(*) filter (where a.status = 'cancelled')::int as cancelled,
          count(*) filter (where a.status = 'no_show')::int as no_show,
          count(*) filter (where a.status = 'completed')::int as completed,
          count(*) filter (where a.status <> 'cancelled' and a.start_at <= ${q.now.toISOString()}::timestamptz)::int as due
        from appointments a
        where a.business_id = ${businessId}
          and a.start_at >= (${q.from}::date::timestamp at time zone ${q.timeZone})
          and a.start_at < ((${q.to}::date + 1)::timestamp at time zone ${q.timeZone})
        group by grouping sets ((1), ())`,
  );
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day as string, figures(r)]));
  return { totals: figures(rows.find((r) => r.day === null)), byDay };
}

export const noAppointments = (): AppointmentFigures => figures(undefined);
