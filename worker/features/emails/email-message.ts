/**
 * One part of what an email says. Each email's template (auth-emails.ts, redemption-emails.ts, ...) states its words
 * once, as blocks, and compose-email.ts draws both parts from them: the plain text here, the HTML in email-layout.tsx.
 */
export type EmailBlock =
  /** The opening line, a heading in the HTML. */
  | { kind: "heading"; text: string }
  /** A paragraph: its lines stay lines in the text part and run on as one paragraph in the HTML. */
  | { kind: "paragraph"; lines: string[]; small?: boolean }
  /**
   * The email's one action: the lead and the link in the text part (on one line with `sameLine`), the lead and a
   * button saying `label` in the HTML.
   */
  | { kind: "action"; lead: string; label: string; url: string; sameLine?: boolean }
  /** A further link: the lead and the link in the text part, the lead and a plain link saying `label` in the HTML. */
  | { kind: "link"; lead: string; label: string; url: string }
  /** What someone wrote for this reader (an admin's note, a reason), set apart in the HTML. */
  | { kind: "note"; text: string };

export type EmailMessage = { to: string; subject: string; blocks: EmailBlock[] };

const textOfBlock = (block: EmailBlock) => {
  switch (block.kind) {
    case "heading":
    case "note":
      return block.text;
    case "paragraph":
      return block.lines.join("\n");
    case "action":
      return `${block.lead}${block.sameLine ? " " : "\n"}${block.url}`;
    case "link":
      return `${block.lead}\n${block.url}`;
  }
};

/** The plain-text part: the blocks one after another, a blank line between two. */
export const textOf = (message: EmailMessage) => message.blocks.map(textOfBlock).join("\n\n");

/** The line an inbox shows after the subject: the words after the heading, without the links. */
export const previewOf = (message: EmailMessage) =>
  message.blocks
    .flatMap((block) => {
      if (block.kind === "paragraph") return block.lines;
      if (block.kind === "action" || block.kind === "link") return [block.lead];
      return block.kind === "note" ? [block.text] : [];
    })
    .join(" ");
