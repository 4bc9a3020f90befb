import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";

/** A job of a queue no handler of the product serves, for tests of the queue itself: any payload object. */
export const testJob = (name: string) => defineJob({ name, payload: z.record(z.string(), z.unknown()) });
