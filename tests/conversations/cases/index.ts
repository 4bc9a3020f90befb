// Every case file of the corpus; the runner and the corpus checks read `allCases`.
import type { Case } from "../types";
import { cases as booking } from "./booking";
import { cases as cancels } from "./cancels";
import { cases as corrections } from "./corrections";
import { cases as dates } from "./dates";

export const allCases: Case[] = [...booking, ...dates, ...corrections, ...cancels];
