import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { EmailBlock } from "./email-message";
import { COLOURS, linkStyle, smallStyle, textStyle } from "./email-theme";

const ActionButton = ({ url, label }: { url: string; label: string }) => (
  <Button
    className="ps-button"
    href={url}
    style={{
      backgroundColor: COLOURS.brand,
      borderRadius: "8px",
      color: "#ffffff",
      fontSize: "16px",
      fontWeight: 600,
      lineHeight: "24px",
      padding: "12px 24px",
      textDecoration: "none",
    }}
  >
    {label}
  </Button>
);

/** One block of an email's words as HTML; email-message.ts writes the same block as text. */
export const Block = ({ block }: { block: EmailBlock }) => {
  switch (block.kind) {
    case "heading":
      return (
        <Heading className="ps-ink" style={{ ...textStyle, fontSize: "24px", lineHeight: "32px", fontWeight: 700 }}>
          {block.text}
        </Heading>
      );
    case "paragraph":
      return (
        <Text className={block.small ? "ps-muted" : "ps-ink"} style={block.small ? smallStyle : textStyle}>
          {block.lines.join(" ")}
        </Text>
      );
    case "action":
      return (
        <>
          <Text className="ps-ink" style={textStyle}>
            {block.lead}
          </Text>
          <ActionButton url={block.url} label={block.label} />
          {/* For a client that draws no button: the address itself, as the text part shows it. */}
          <Text className="ps-muted" style={{ ...smallStyle, margin: "12px 0 16px", wordBreak: "break-all" }}>
            <Link className="ps-muted" href={block.url} style={{ ...linkStyle, color: COLOURS.muted }}>
              {block.url}
            </Link>
          </Text>
        </>
      );
    case "link":
      return (
        <Text className="ps-ink" style={textStyle}>
          {block.lead}
          <br />
          <Link className="ps-link" href={block.url} style={linkStyle}>
            {block.label}
          </Link>
        </Text>
      );
    case "note":
      return (
        <Text
          className="ps-note"
          style={{
            ...textStyle,
            backgroundColor: COLOURS.note,
            borderLeft: `4px solid ${COLOURS.mark}`,
            padding: "12px 16px",
            whiteSpace: "pre-line",
          }}
        >
          {block.text}
        </Text>
      );
  }
};
