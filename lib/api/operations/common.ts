import { z } from "zod";
import { cursorParam, limitParam } from "../../pagination";

export const pageQuery = z.object({ limit: limitParam, cursor: cursorParam });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().nullable().describe("Pass as `cursor` (or `before`) for the next page; null on the last page."),
  });
export const idParam = (name: string, example: string) => z.object({ [name]: z.string().min(1).max(100).meta({ example }) });
