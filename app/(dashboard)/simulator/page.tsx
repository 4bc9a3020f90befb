import type { Metadata } from "next";
import { SimulatorView } from "@/components/simulator/simulator-view";
import { requireSession } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getSkill } from "@/lib/skills/skills";

export const metadata: Metadata = { title: "Simulator" };

// "Test in simulator" (?skill=sk_x) starts a new customer with the skill's first trigger phrase typed in.
async function skillPrefill(businessId: string, skillId: string | undefined): Promise<{ prefill?: string; notice?: string }> {
  if (!skillId) return {};
  try {
    const skill = await getSkill(db(), businessId, skillId);
    const nodes = skill.graph.nodes as { type?: string; data?: { keywords?: string[] } }[];
    const keyword = nodes.find((n) => n.type === "trigger")?.data?.keywords?.[0];
    if (!keyword) return { notice: `The skill ${skill.name} has no trigger phrase yet.` };
    return { prefill: keyword, notice: skill.enabled ? undefined : `The skill ${skill.name} is disabled: enable it for the assistant to run it.` };
  } catch {
    return { notice: `No skill ${skillId} in this business.` };
  }
}

export default async function SimulatorPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const session = await requireSession({ role: "agent" });
  const { skill } = await searchParams;
  const { prefill, notice } = await skillPrefill(session.businessId, skill);
  return <SimulatorView businessId={session.businessId} prefill={prefill} notice={notice} />;
}
