"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import "./charts.css";

export type DailyPoint = { day: string; conversations: number; messages: number; handoffs: number; records: number };

const shortDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return d.toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
};

/** Conversations, handoffs and records per UTC day. */
export function DailyActivityChart({ data }: { data: DailyPoint[] }) {
  return (
    <div className="chart-box" role="img" aria-label="Daily conversations, handoffs and records">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e5e9" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12, fill: "#6b7380" }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#6b7380" }} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="conversations" name="Conversations" fill="#0f766e" radius={[3, 3, 0, 0]} />
          <Bar dataKey="records" name="Records" fill="#5eaaa2" radius={[3, 3, 0, 0]} />
          <Bar dataKey="handoffs" name="Handoffs" fill="#d49a3a" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
