import type { AnyOperation } from "../operation";
import * as account from "./account";
import * as analytics from "./analytics";
import * as apiKeys from "./api-keys";
import * as appointmentCalendars from "./appointment-calendars";
import * as appointments from "./appointments";
import * as assistants from "./assistants";
import * as audit from "./audit";
import * as business from "./business";
import * as businessLanguages from "./business-languages";
import * as campaigns from "./campaigns";
import * as catalog from "./catalog";
import * as channel from "./channel";
import * as contacts from "./contacts";
import * as flows from "./flows";
import * as conversations from "./conversations";
import * as inbox from "./inbox";
import * as labels from "./labels";
import * as media from "./media";
import * as messages from "./messages";
import * as payments from "./payments";
import * as records from "./records";
import * as reports from "./reports";
import * as savedReplies from "./saved-replies";
import * as simulator from "./simulator";
import * as skills from "./skills";
import * as team from "./team";
import * as templates from "./templates";
import * as usage from "./usage";
import * as webhooks from "./webhooks";

/**
 * Every operation of the HTTP surface, each once: the public /v1 API and, marked `internal`, the
 * dashboard-only ones under /v1/internal. One file per resource holds both kinds. Route files, the
 * standalone API server (public ones only) and the OpenAPI document (public ones only, in this order)
 * read this table; a test checks that every operation the files export is here.
 */
export const operations: AnyOperation[] = [
  messages.messagesSend,
  messages.messagesList,
  messages.inboxReply,
  messages.inboxRead,
  messages.inboxReaction,
  media.mediaUpload,
  media.mediaStorageGet,
  conversations.conversationsList,
  conversations.conversationsHandoff,
  conversations.conversationsResume,
  conversations.conversationsClose,
  conversations.conversationsAssign,
  conversations.conversationsNote,
  conversations.conversationsSkillGet,
  conversations.conversationsSkillComplete,
  conversations.conversationsSkillHandBack,
  conversations.conversationsSkillDiscard,
  conversations.conversationsLabelAdd,
  conversations.conversationsLabelRemove,
  labels.labelsList,
  labels.labelsCreate,
  labels.labelsUpdate,
  labels.labelsDelete,
  inbox.inboxList,
  inbox.inboxSummaryOp,
  inbox.inboxSeen,
  inbox.inboxConversation,
  inbox.inboxMembersOp,
  inbox.inboxPresence,
  inbox.inboxLeave,
  inbox.inboxSettingsGet,
  inbox.inboxSettingsUpdate,
  inbox.inboxAvailabilityGet,
  inbox.inboxAvailabilitySet,
  inbox.inboxTeamLoad,
  inbox.inboxCapacitySet,
  contacts.contactsList,
  contacts.contactsUpsert,
  contacts.contactsErase,
  contacts.contactsExport,
  contacts.contactGet,
  contacts.contactUpdate,
  contacts.contactOptOutGet,
  contacts.contactOptOutSet,
  business.privacySettingsGet,
  business.privacySettingsPut,
  assistants.assistantsGet,
  assistants.knowledgeList,
  assistants.knowledgeCreate,
  assistants.knowledgeUpdate,
  assistants.knowledgeDelete,
  assistants.assistantsList,
  assistants.assistantsUpdate,
  assistants.assistantsTry,
  skills.skillsList,
  skills.skillsGet,
  skills.skillsUpsert,
  skills.skillsSetEnabled,
  skills.skillsDelete,
  appointments.servicesList,
  appointments.servicesCreate,
  appointments.servicesGet,
  appointments.servicesUpdate,
  appointments.servicesDelete,
  appointments.staffList,
  appointments.staffCreate,
  appointments.staffGet,
  appointments.staffUpdate,
  appointments.staffDelete,
  appointments.availabilityGet,
  appointments.appointmentsBook,
  appointments.appointmentsList,
  appointments.appointmentsGet,
  appointments.appointmentsUpdate,
  appointmentCalendars.appointmentSettingsGet,
  appointmentCalendars.appointmentSettingsUpdate,
  appointmentCalendars.staffCalendarGet,
  appointmentCalendars.staffCalendarFeedCreate,
  appointmentCalendars.staffCalendarFeedRevoke,
  appointmentCalendars.staffCalendarBusyFeedSet,
  catalog.catalogUpsert,
  catalog.catalogList,
  catalog.catalogGet,
  catalog.catalogUpdate,
  catalog.catalogDelete,
  catalog.catalogBulkDelete,
  catalog.catalogDeleteCollection,
  catalog.catalogCollections,
  catalog.catalogUsageGet,
  records.recordsList,
  records.recordsUpdate,
  records.recordsLayout,
  records.orderSettingsGet,
  records.orderSettingsUpdate,
  records.recordCollectionsList,
  records.recordsBrowse,
  analytics.analyticsSummaryOp,
  analytics.overviewAnalytics,
  reports.reportsGet,
  usage.usageWallet,
  usage.usageWhatsAppCharges,
  usage.usageWhatsAppRates,
  usage.replaceWhatsAppRates,
  templates.templatesList,
  templates.templatesUpsert,
  templates.templatesSync,
  templates.templatesAccount,
  templates.templatesDelete,
  webhooks.webhooksList,
  webhooks.webhooksCreate,
  webhooks.webhooksGet,
  webhooks.webhooksUpdate,
  webhooks.webhooksDelete,
  webhooks.webhooksRotateSecret,
  webhooks.webhooksDeliveriesList,
  webhooks.webhooksDeliveryRetry,
  webhooks.webhooksTest,
  webhooks.webhooksView,
  webhooks.webhooksDeliveryLog,
  webhooks.webhooksDeliveryAttempts,
  campaigns.campaignsCreate,
  campaigns.campaignsPreview,
  campaigns.campaignsList,
  campaigns.campaignsGet,
  campaigns.campaignsRecipients,
  campaigns.campaignsPause,
  campaigns.campaignsResume,
  campaigns.campaignsCancel,
  campaigns.campaignSettingsGet,
  campaigns.campaignSettingsUpdate,
  savedReplies.savedRepliesList,
  savedReplies.savedRepliesCreate,
  savedReplies.savedRepliesUpdate,
  savedReplies.savedRepliesDelete,
  flows.flowsList,
  flows.flowsCreate,
  flows.flowsGet,
  flows.flowsUpdate,
  flows.flowsDelete,
  payments.paymentSettingsGet,
  payments.paymentSettingsPut,
  team.teamList,
  team.teamSetRole,
  team.teamRemove,
  team.teamRevokeKeys,
  team.teamInvitesList,
  team.teamInvitesCreate,
  team.teamInvitesRevoke,
  account.accountPassword,
  business.businessGet,
  business.businessHoursGet,
  business.businessHoursPut,
  business.businessFactsGet,
  business.businessFactsPut,
  businessLanguages.businessLanguagesGet,
  businessLanguages.businessLanguagesPut,
  business.onboardingGet,
  business.onboardingDismiss,
  business.moneyFormatGet,
  channel.channelGet,
  channel.channelConnect,
  channel.channelDisconnect,
  apiKeys.apiKeysList,
  apiKeys.apiKeysCreate,
  apiKeys.apiKeysRevoke,
  simulator.simulatorCustomer,
  simulator.simulatorThread,
  simulator.simulatorSend,
  audit.auditEventsList,
];

export * from "./account";
export * from "./analytics";
export * from "./api-keys";
export * from "./assistants";
export * from "./audit";
export * from "./business";
export * from "./business-languages";
export * from "./campaigns";
export * from "./catalog";
export * from "./channel";
export * from "./contacts";
export * from "./flows";
export * from "./conversations";
export * from "./inbox";
export * from "./media";
export * from "./messages";
export * from "./records";
export * from "./reports";
export * from "./saved-replies";
export * from "./simulator";
export * from "./skills";
export * from "./team";
export * from "./templates";
export * from "./usage";
export * from "./webhooks";
