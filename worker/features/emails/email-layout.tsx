import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Block } from "./email-blocks";
import { previewOf, type EmailMessage } from "./email-message";
import { COLOURS, FONT, STYLESHEET } from "./email-theme";

type PanelProps = { className?: string; style?: CSSProperties; cellClassName: string; cellStyle: CSSProperties };

/** A full-width table of one cell: where every client honours a background and padding. */
const Panel = ({ className, style, cellClassName, cellStyle, children }: PanelProps & { children: ReactNode }) => (
  <table
    className={className}
    role="presentation"
    width="100%"
    cellPadding="0"
    cellSpacing="0"
    border={0}
    style={style}
  >
    <tbody>
      <tr>
        <td className={cellClassName} style={cellStyle}>
          {children}
        </td>
      </tr>
    </tbody>
  </table>
);

/** The app header's mark and name: the favicon's green square with its tick, "Pick" and a green "streak". */
const Wordmark = () => (
  <table role="presentation" cellPadding="0" cellSpacing="0" border={0} style={{ margin: "0 0 16px" }}>
    <tbody>
      <tr>
        <td
          width="28"
          height="28"
          align="center"
          style={{
            width: "28px",
            height: "28px",
            backgroundColor: COLOURS.mark,
            borderRadius: "8px",
            color: "#ffffff",
            fontSize: "18px",
            fontWeight: 700,
            lineHeight: "28px",
          }}
        >
          ✓
        </td>
        <td
          className="ps-ink"
          style={{ paddingLeft: "8px", color: COLOURS.ink, fontSize: "22px", fontWeight: 900, letterSpacing: "-0.5px" }}
        >
          Pick
          <span className="ps-accent" style={{ color: COLOURS.brand }}>
            streak
          </span>
        </td>
      </tr>
    </tbody>
  </table>
);

/** One column, at most 600 px wide and narrower with the screen: the wordmark, then the words on a card. */
const EmailDocument = ({ message }: { message: EmailMessage }) => (
  <Html lang="en" dir="ltr">
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <meta name="supported-color-schemes" content="light dark" />
      <title>{message.subject}</title>
      <style dangerouslySetInnerHTML={{ __html: STYLESHEET }} />
    </Head>
    {/* The page's colour is on the body and on a cell too: some clients drop the body's. */}
    <body className="ps-page" style={{ backgroundColor: COLOURS.page, margin: 0, padding: 0 }}>
      <Panel
        cellClassName="ps-page"
        cellStyle={{ backgroundColor: COLOURS.page, padding: "24px 12px", fontFamily: FONT }}
      >
        <Preview>{previewOf(message)}</Preview>
        <Container style={{ maxWidth: "600px", fontFamily: FONT }}>
          <Wordmark />
          <Panel
            className="ps-card"
            style={{ backgroundColor: COLOURS.card, border: `1px solid ${COLOURS.border}`, borderRadius: "12px" }}
            cellClassName="ps-card-cell"
            cellStyle={{ padding: "32px 32px 16px" }}
          >
            {message.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </Panel>
        </Container>
      </Panel>
    </body>
  </Html>
);

/** What react-email's own render writes ahead of its markup. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML part: react-email's components drawn by React's own string renderer, which the worker has already
 * (docs/decisions/0037-html-emails.md).
 */
export const htmlOf = (message: EmailMessage) =>
  `${DOCTYPE}${renderToStaticMarkup(<EmailDocument message={message} />)}`;
