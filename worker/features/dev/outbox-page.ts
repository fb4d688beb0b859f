import { html, raw } from "hono/html";
import { createRouter } from "../../lib/router";
import { assertLocal } from "./local-only";
import { readOutbox } from "./outbox-mailer";

/**
 * The emails' own styles run in their frames, which inherit this page's policy (a frame drawn from `srcdoc` has no
 * policy of its own); nothing runs scripts.
 */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

const PAGE_STYLE = `
body { font: 14px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 1280px; padding: 16px; color-scheme: light dark; }
article { border-top: 1px solid #94a3b8; padding: 16px 0; }
h2 { font-size: 16px; margin: 0; }
.parts { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr)); }
iframe { border: 1px solid #94a3b8; border-radius: 8px; width: 100%; height: 560px; }
pre { border: 1px solid #94a3b8; border-radius: 8px; margin: 0; padding: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

const emailView = (email: Awaited<ReturnType<typeof readOutbox>>[number]) =>
  html`<article>
    <h2>${email.subject}</h2>
    <p>To ${email.to}, ${new Date(email.createdAt).toISOString()}</p>
    <div class="parts">
      ${
        email.html === null
          ? html`<p>No HTML part.</p>`
          : html`<iframe sandbox="" srcdoc="${email.html}" title="HTML part: ${email.subject}"></iframe>`
      }
      <pre aria-label="Text part">${email.text}</pre>
    </div>
    <p>${email.links.map((link) => html`<a href="${link}">${link}</a> `)}</p>
  </article>`;

/**
 * GET /api/dev/outbox/view (the local development entry only): the emails the JSON outbox lists, each as the reader
 * would see it, the HTML part drawn in a frame that may run nothing and reach nothing, beside the text part.
 */
export const outboxPage = createRouter().get("/outbox/view", async (c) => {
  assertLocal(c.var.settings.ENVIRONMENT);
  const to = c.req.query("to")?.slice(0, 254);
  const emails = await readOutbox(c.var.data.catalogue, to);
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Outbox</title>
        <style>
          ${raw(PAGE_STYLE)}
        </style>
      </head>
      <body>
        <h1>Outbox${to ? ` to ${to}` : ""}</h1>
        ${emails.length === 0 ? html`<p>No emails yet.</p>` : emails.map(emailView)}
      </body>
    </html>`;
  return c.html(page, 200, { "Content-Security-Policy": PAGE_POLICY });
});
