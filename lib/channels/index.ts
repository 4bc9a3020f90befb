// The channel room's one entrance: nothing outside lib/channels imports a file inside it. Past this
// door the code asks for a channel's capability (send, read receipts, reactions, files, number
// verification, template review) and never learns which channel answers; WhatsApp's own words (Graph
// codes, WABA calls, webhook envelopes) stay inside lib/channels/whatsapp.

// Channels and their doors
export {
  type ChannelAdapter,
  ChannelError,
  type ChannelErrorKind,
  type ChannelInbound,
  type ChannelMessage,
  type ChannelName,
  type ChannelReceipt,
  failureCode,
  failureOf,
  type FailureCode,
  type OutboundMedia,
} from "./channel";
export { adapterFor, businessAdapter, type ChannelSettings, connectedChannel } from "./adapters";
export { whatsAppAdapter } from "./whatsapp/adapter";
export { graphUrl, type WhatsAppConnection } from "./whatsapp/connection";

// A business's WhatsApp number, checked through the doors before it is saved
export { setWhatsApp, verifyWhatsApp, type WhatsAppSettings } from "./connect";

// Background work: outbound delivery, staff signals, WhatsApp's webhook bodies, the template sync
export { deliverJob } from "./deliver";
export { signalsJob } from "./signals";
export { inboundJob, inboundJobWith, inboundWebhook } from "./whatsapp/inbound";
export { scheduleTemplateSync, templateSync, templateSyncJob } from "./template-sync";

// WhatsApp's inbound HTTP door (app/channels/whatsapp/webhook/route.ts; lib/server/node-routes.ts)
export { acceptWebhook, acceptWebhookBytes, MAX_WEBHOOK_BYTES, verifyHandshake } from "./whatsapp/inbound";

// What a channel sent that could not be used: kept, listed and replayed (the admin commands)
export { listUnusable, replayUnusable, type UnusableView } from "./unusable";
export { replayInbound } from "./whatsapp/inbound";

// Templates as the channel reviews them
export { deleteTemplate, syncTemplates, type TemplateAccount, templateAccount, upsertTemplate } from "./templates";

// The sandbox channel's customer simulator (the dashboard)
export { newSandboxCustomer, type SandboxThread, sandboxThread, simulateInbound } from "./sandbox-simulator";
