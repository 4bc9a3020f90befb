// Every case file of the corpus; the runner and the corpus checks read `allCases`.
import type { Case } from "../types";
import { cases as booking } from "./booking";
import { cases as businessRules } from "./business-rules";
import { cases as cancels } from "./cancels";
import { cases as corrections } from "./corrections";
import { cases as dates } from "./dates";
import { cases as freeText } from "./free-text";
import { cases as handoff } from "./handoff";
import { cases as knowledge } from "./knowledge";
import { cases as leads } from "./leads";
import { cases as midFlow } from "./mid-flow";
import { cases as multiDetail } from "./multi-detail";
import { cases as orders } from "./orders";
import { cases as smallTalk } from "./small-talk";

export const allCases: Case[] = [
  ...booking,
  ...dates,
  ...corrections,
  ...cancels,
  ...orders,
  ...leads,
  ...multiDetail,
  ...freeText,
  ...midFlow,
  ...smallTalk,
  ...businessRules,
  ...knowledge,
  ...handoff,
];
