import { describe, expect, it } from "vitest";
import { LIVE_CLOSE } from "../../realtime/live-hub";
import { responseCookies, sessionHeaders, signUpAndLogin, tokenFromLatestEmail } from "../../test/accounts";
import { apiClient } from "../../test/client";
import { closeCode, connect } from "../../test/live";

type PasswordChange = Parameters<ReturnType<typeof apiClient>["me"]["password"]["$post"]>[0]["json"];

const login = (email: string, password: string) => apiClient().auth.login.$post({ json: { email, password } });
const change = (headers: Record<string, string>, json: PasswordChange) =>
  apiClient({ headers }).me.password.$post({ json });

describe("POST /api/me/password", () => {
  it("refuses a wrong current password and a short new one, changing nothing", async () => {
    const eve = await signUpAndLogin("change-wrong@example.com");
    const wrong = await change(eve.cookies, { currentPassword: "not-it", newPassword: "another-pass" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { code: "validation_failed", message: "Your current password is incorrect", field: "currentPassword" },
    });
    const short = await change(eve.cookies, { currentPassword: eve.password, newPassword: "12345" });
    expect(await short.json()).toMatchObject({ error: { message: "Password must be at least 6 characters" } });
    expect((await login(eve.email, eve.password)).status).toBe(200);
    expect((await change({}, { currentPassword: eve.password, newPassword: "another-pass" })).status).toBe(401);
  });

  it("activates the new password, keeps this browser signed in and ends every other session, socket and link", async () => {
    const fay = await signUpAndLogin("change-right@example.com");
    const otherDevice = responseCookies(await login(fay.email, fay.password));
    const otherHeaders = sessionHeaders(otherDevice["__Host-access"] ?? "", otherDevice["__Host-refresh"] ?? "");
    const tab = await connect({ headers: otherHeaders });
    await apiClient().auth["password-reset"].$post({ json: { email: fay.email } });
    const resetLink = await tokenFromLatestEmail(fay.email, "token");

    const changed = await change(fay.cookies, { currentPassword: fay.password, newPassword: "fresh-password" });
    expect(changed.status).toBe(200);
    const fresh = responseCookies(changed);
    expect(
      (
        await apiClient({
          headers: sessionHeaders(fresh["__Host-access"] ?? "", fresh["__Host-refresh"] ?? ""),
        }).me.$get()
      ).status,
    ).toBe(200);

    expect(await closeCode(tab)).toBe(LIVE_CLOSE.signedOut.code);
    const refresh = await apiClient({
      headers: { Cookie: `__Host-refresh=${otherDevice["__Host-refresh"]}` },
    }).auth.refresh.$post();
    expect(refresh.status).toBe(401);
    expect((await login(fay.email, fay.password)).status).toBe(401);
    expect((await login(fay.email, "fresh-password")).status).toBe(200);
    const late = await apiClient().auth["password-reset"].complete.$post({
      json: { token: resetLink, password: "hijack-pass" },
    });
    expect(late.status).toBe(400);
  });
});
