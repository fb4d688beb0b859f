import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_CACHE_CONTROL, IMAGE_MAX_BYTES } from "../../config";
import type { AppEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { adminOnly, errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { auditStatement } from "../admin-audit/admin-audit";
import { requireAdmin } from "../session/session.middleware";
import { sniffImageType } from "./image-type";
import { takesOwnBody } from "../../lib/request-guard";

const NOT_AN_IMAGE = "Please select an image file";
const TOO_LARGE = "Image size must be less than 5MB";
/** Room for the multipart boundaries and headers around a file just under the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;
const KEY_FILE = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

const uploadLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: IMAGE_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: () => {
    throw new AppError("payload_too_large", TOO_LARGE);
  },
});

const uploadRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "uploadQuestionImage",
  summary: "Upload a question image",
  description:
    "For admins writing a question: stores a PNG, JPEG, GIF or WebP image under 5 MB (sent as the `file` part of a " +
    "form) and answers the URL to give the question as `imageUrl`.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [takesOwnBody, requireAdmin, uploadLimit] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] },
          encoding: { file: { contentType: "image/png, image/jpeg, image/gif, image/webp" } },
        },
      },
    },
  },
  responses: {
    201: jsonContent(
      z.object({ url: z.string() }).openapi("UploadedImage"),
      { url: "/api/images/questions/3c9e1f0a-6b2d-4e87-a5c4-1d0f8b7e2a95.webp" },
      "Stored",
    ),
    ...errorResponses(
      "bad_request",
      "unauthorized",
      "forbidden",
      "payload_too_large",
      "unsupported_media_type",
      "internal",
    ),
  },
});

const serveRoute = createRoute({
  method: "get",
  path: "/{file}",
  operationId: "getQuestionImage",
  summary: "A question image",
  description: "For anyone showing a question: the image an admin uploaded for it, cached for a long time.",
  security: publicRoute,
  tags: ["Images"],
  request: { params: z.object({ file: z.string().max(100) }) },
  responses: {
    200: { description: "The image", content: { "image/*": { schema: { type: "string", format: "binary" } } } },
    ...errorResponses("validation_failed", "not_found"),
  },
});

const readUpload = async (request: Request) => {
  if (!request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", NOT_AN_IMAGE);
  }
  const file = await request.formData().then(
    (form) => form.get("file"),
    () => null,
  );
  if (!(file instanceof File)) throw new AppError("bad_request", NOT_AN_IMAGE);
  return file;
};

export const imageUploadRoutes = createRouter().openapi(uploadRoute, async (c) => {
  const file = await readUpload(c.req.raw);
  if (file.size >= IMAGE_MAX_BYTES) throw new AppError("payload_too_large", TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("unsupported_media_type", NOT_AN_IMAGE);

  const key = `questions/${newId()}.${type.extension}`;
  try {
    await c.var.data.images.put(key, bytes, {
      httpMetadata: { contentType: type.contentType, cacheControl: IMAGE_CACHE_CONTROL },
    });
  } catch (error) {
    log("error", "image_upload_failed", { key, error: String(error) });
    throw new AppError("internal", "Failed to upload image. Please try again.");
  }
  const after = { contentType: type.contentType, size: bytes.byteLength };
  await auditStatement(c.var.data.catalogue, {
    adminId: c.var.user.id,
    action: "upload",
    entity: "image",
    entityId: key,
    before: null,
    after,
    now: Date.now(),
  }).run();
  return c.json({ url: `/api/images/${key}` }, 201);
});

export const imageServingRoutes = createRouter().openapi(serveRoute, async (c) => {
  const { file } = c.req.valid("param");
  const object = KEY_FILE.test(file) ? await c.var.data.images.get(`questions/${file}`) : null;
  if (!object) throw new AppError("not_found", "Image not found");
  return c.body(object.body, 200, {
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": IMAGE_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
});
