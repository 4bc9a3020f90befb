import { storageUsage, storageUsageOut } from "../../media/storage-quota";
import { receiveUpload } from "../../media/upload";
import { mediaFileOut, mediaUploadIn } from "../../messages/message-schema";
import { defineOperation } from "../operation";

export const mediaUpload = defineOperation({
  id: "media-upload",
  method: "POST",
  path: "/media",
  scope: "messages:write",
  tag: "Messages",
  summary: "Upload a file to send",
  description:
    "One file as multipart/form-data (part `file`; optional `type` and `filename` parts before it). Checked against WhatsApp's type and size limits for its type (413 payload_too_large, 415 unsupported_media_type) and the business's storage quota (413 storage_quota_exceeded; 1 GiB unless the operator set another); at most 30 files a minute per business (429 rate_limited with Retry-After; MEDIA_UPLOADS_PER_MINUTE). The type is stored as a plain `type/subtype` (anything else becomes application/octet-stream). Send it with `POST /v1/messages` and `media: {id}`; a file no message uses is deleted 24 hours after the upload.",
  multipart: mediaUploadIn,
  response: mediaFileOut,
  errors: ["storage_quota_exceeded"],
  handler: async (ctx) => {
    const f = await receiveUpload(ctx.db, ctx.businessId, ctx.request);
    return { id: f.id, type: f.kind, mimeType: f.mimeType, size: f.size, filename: f.filename, createdAt: f.createdAt.toISOString() };
  },
});

export const mediaStorageGet = defineOperation({
  id: "media-storage",
  method: "GET",
  path: "/internal/media/storage",
  scope: "business:read",
  role: "owner",
  internal: true,
  tag: "Dashboard",
  summary: "The space the business's files take, and its storage quota",
  response: storageUsageOut,
  handler: async (ctx) => storageUsage(ctx.db, ctx.businessId),
});
