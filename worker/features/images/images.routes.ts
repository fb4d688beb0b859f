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
  security: adminOnly,
  tags: ["Admin"],
  middleware: [takesOwnBody, requireAdmin, uploadLimit] as const,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] },
        },
      },
    },
  },
  responses: {
    201: jsonContent(z.object({ url: z.string() }).openapi("UploadedImage"), "Stored"),
    ...errorResponses(400, 401, 403, 413, 415, 500),
  },
});

const serveRoute = createRoute({
  method: "get",
  path: "/{file}",
  operationId: "getQuestionImage",
  summary: "A question image",
  security: publicRoute,
  tags: ["Images"],
  request: { params: z.object({ file: z.string().max(100) }) },
  responses: {
    200: { description: "The image", content: { "image/*": { schema: { type: "string", format: "binary" } } } },
    ...errorResponses(400, 404),
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
