import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { call } from "../../test/http";

let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return bytes;
};

const upload = async (file: Blob | string | null, name = "photo.png") => {
  const form = new FormData();
  if (typeof file === "string") form.append("file", file);
  else if (file !== null) form.append("file", file, name);
  const response = await call("/api/admin/images", { method: "POST", headers: admin.bearer, body: form });
  return {
    status: response.status,
    body: (await response.json()) as { url?: string; error?: { code: string; message: string } },
  };
};

describe("POST /api/admin/images", () => {
  it("stores a PNG under a generated key and serves it back with a one-hour cache", async () => {
    const bytes = png();
    const { status, body } = await upload(new File([bytes], "photo.png", { type: "image/png" }));
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/api\/images\/questions\/[0-9a-f-]{36}\.png$/);

    const served = await call(body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    const audit = await env.DB.prepare("SELECT action, entity FROM admin_audit_log WHERE entity_id = ?")
      .bind(body.url!.replace("/api/images/", ""))
      .first();
    expect(audit).toEqual({ action: "upload", entity: "image" });
  });

  it("judges the type by the bytes: a JPEG named .txt is fine, text or SVG named .png is not", async () => {
    const jpeg = await upload(
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], "x.txt", { type: "text/plain" }),
    );
    expect(jpeg.body.url).toMatch(/\.jpg$/);
    for (const text of [
      "just some text",
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      "<html><script>alert(1)</script>",
    ]) {
      const { status, body } = await upload(new File([text], "evil.png", { type: "image/png" }));
      expect(status).toBe(415);
      expect(body.error).toEqual({ code: "unsupported_media_type", message: "Please select an image file" });
    }
  });

  it("refuses images of 5 MB or more with 413", async () => {
    for (const size of [6 * 1024 * 1024, 5 * 1024 * 1024]) {
      const { status, body } = await upload(new File([png(size)], "big.png", { type: "image/png" }));
      expect(status, `${size} bytes`).toBe(413);
      expect(body.error?.message).toBe("Image size must be less than 5MB");
    }
    expect((await upload(new File([png(5 * 1024 * 1024 - 1)], "fits.png"))).status).toBe(201);
  });

  it("asks for an image when there is no file or no multipart body", async () => {
    expect((await upload(null)).body.error?.message).toBe("Please select an image file");
    expect((await upload("not a file")).status).toBe(400);
    const json = await call("/api/admin/images", { method: "POST", headers: admin.bearer, json: { file: "x" } });
    expect(json.status).toBe(415);
  });

  it("answers 500 with the product's message when storage fails", async () => {
    const put = vi.spyOn(env.IMAGES, "put").mockRejectedValueOnce(new Error("R2 down"));
    const { status, body } = await upload(new File([png()], "photo.png"));
    put.mockRestore();
    expect(status).toBe(500);
    expect(body.error).toEqual({ code: "internal", message: "Failed to upload image. Please try again." });
  });
});

describe("GET /api/images/*", () => {
  it("answers 404 for a missing or malformed key", async () => {
    expect((await call(`/api/images/questions/${crypto.randomUUID()}.png`)).status).toBe(404);
    expect((await call("/api/images/questions/..%2Fsecret.png")).status).toBe(404);
    expect((await call("/api/images/other/thing.png")).status).toBe(404);
  });
});
