import { getWallet, walletOut } from "../../wallet/wallet";
import { defineOperation } from "../operation";

export const usageWallet = defineOperation({
  id: "usage-wallet",
  method: "GET",
  path: "/usage/wallet",
  scope: "usage:read",
  tag: "Usage",
  summary: "Token balance and this period's consumption",
  response: walletOut,
  handler: async (ctx) => getWallet(ctx.db, ctx.businessId),
});
