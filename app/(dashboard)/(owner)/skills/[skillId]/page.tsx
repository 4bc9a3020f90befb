import type { Metadata } from "next";
import { SkillEditor } from "@/components/skills/skill-editor";

export const metadata: Metadata = { title: "Skill editor" };

export default async function SkillEditorPage({ params }: { params: Promise<{ skillId: string }> }) {
  const { skillId } = await params;
  return <SkillEditor skillId={decodeURIComponent(skillId)} />;
}
