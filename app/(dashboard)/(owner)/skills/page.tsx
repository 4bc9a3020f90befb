import type { Metadata } from "next";
import { SkillList } from "@/components/skills/skill-list";

export const metadata: Metadata = { title: "Skills" };

export default function SkillsPage() {
  return <SkillList />;
}
