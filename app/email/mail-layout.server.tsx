/**
 * The shop's e-mail layout (docs/decisions/044-order-e-mails.md), built with React Email
 * (`@react-email/components`, rendered by `@react-email/render`): a mail is a short list of blocks
 * (headings, paragraphs, rows of items, label/value figures, links), rendered once to an HTML part
 * — the logo on top, a 600-pixel column, inline styles, tables where mail clients need them — and
 * once to a plain-text part saying the same thing. React escapes every dynamic value of the HTML.
 * Server-only: never imported by a client module.
 */
import { Body, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { SITE_NAME } from "~/lib/brand";
import type { Locale } from "~/vocabulary";
import { LOGO_CID, LOGO_SIZE } from "./logo.server";

/** A thumbnail shown before an item row: one JPEG by absolute URL, its size in pixels and its alt text (docs/decisions/038-photos-on-pages.md). */
export interface MailBlockImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** One block of a mail. */
export type MailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string; strong?: boolean }
  /**
   * Rows of cells (a bulleted line each in the text part); in HTML a table whose last cell is
   * right-aligned when `amounts`, and whose rows start with their image when `images` is given
   * (one per row, null for none).
   */
  | { kind: "items"; rows: string[][]; amounts: boolean; images?: (MailBlockImage | null)[] }
  /** Label/value rows (a summary); `strong` rows in bold. */
  | { kind: "figures"; rows: { label: string; value: string; strong?: boolean }[] }
  | { kind: "link"; label: string; url: string };

/** A mail to render: its language, subject, blocks, and the words its text part needs. */
export interface MailDocument {
  lang: Locale;
  subject: string;
  /** The line mail clients show after the subject in a list (defaults to none). */
  preview?: string;
  blocks: MailBlock[];
  /** "label : value" with the language's punctuation (the text part's figures and links). */
  pair(label: string, value: string): string;
}

/**
 * The plain-text part: each block after a blank line — a heading underlined with dashes, items
 * as "- cell — cell", figures and links as "label : value" — ending with a newline.
 */
function renderMailText(doc: Pick<MailDocument, "blocks" | "pair">): string {
  const out: string[] = [];
  for (const block of doc.blocks) {
    switch (block.kind) {
      case "heading":
        out.push("", block.text, "-".repeat(block.text.length));
        break;
      case "paragraph":
        out.push("", block.text);
        break;
      case "items":
        out.push("", ...block.rows.map((cells) => `- ${cells.join(" — ")}`));
        break;
      case "figures":
        out.push("", ...block.rows.map((row) => doc.pair(row.label, row.value)));
        break;
      case "link":
        out.push("", doc.pair(block.label, block.url));
        break;
    }
  }
  return `${out.join("\n").replace(/^\n+/, "")}\n`;
}

const WINE = "#7b1e3a";
const cell = { padding: "4px 8px", borderBottom: "1px solid #eee", verticalAlign: "top" } as const;
const amountCell = { ...cell, textAlign: "right", whiteSpace: "nowrap" } as const;

function ImageCell({ image }: { image: MailBlockImage | null }) {
  if (!image) return <Column style={{ ...cell, width: "64px" }} />;
  const width = Math.min(64, image.width);
  const height = Math.round((image.height * width) / image.width);
  return (
    <Column style={{ ...cell, width: "64px" }}>
      <Img src={image.url} width={width} height={height} alt={image.alt} style={{ width: `${width}px`, height: `${height}px` }} />
    </Column>
  );
}

function BlockView({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case "heading":
      return (
        <Heading as="h2" style={{ fontSize: "16px", margin: "24px 0 8px", color: WINE }}>
          {block.text}
        </Heading>
      );
    case "paragraph":
      return (
        <Text style={{ margin: "8px 0", fontSize: "14px", lineHeight: "1.5" }}>
          {block.strong ? <strong>{block.text}</strong> : block.text}
        </Text>
      );
    case "items":
      return (
        <Section style={{ width: "100%", borderCollapse: "collapse" }}>
          {block.rows.map((cells, row) => (
            <Row key={row}>
              {block.images ? <ImageCell image={block.images[row] ?? null} /> : null}
              {cells.map((text, i) => (
                <Column key={i} style={block.amounts && i === cells.length - 1 ? amountCell : cell}>
                  {text}
                </Column>
              ))}
            </Row>
          ))}
        </Section>
      );
    case "figures":
      return (
        <Section style={{ width: "100%", borderCollapse: "collapse" }}>
          {block.rows.map((row, i) => {
            const weight = row.strong ? ({ fontWeight: "bold" } as const) : {};
            return (
              <Row key={i}>
                <Column style={{ ...cell, ...weight }}>{row.label}</Column>
                <Column style={{ ...amountCell, ...weight }}>{row.value}</Column>
              </Row>
            );
          })}
        </Section>
      );
    case "link":
      return (
        <Text style={{ margin: "16px 0", fontSize: "14px" }}>
          <Link href={block.url} style={{ color: WINE, textDecoration: "underline" }}>
            {block.label}
          </Link>
        </Text>
      );
  }
}

/** The HTML mail: the logo (inline, `cid:`), the blocks in a 600-pixel column. */
function MailView({ doc }: { doc: MailDocument }) {
  return (
    <Html lang={doc.lang}>
      <Head>
        <title>{doc.subject}</title>
      </Head>
      {doc.preview ? <Preview>{doc.preview}</Preview> : null}
      <Body
        style={{ margin: 0, padding: "16px", fontFamily: "Arial,Helvetica,sans-serif", fontSize: "14px", lineHeight: "1.5", color: "#222" }}
      >
        <Container style={{ maxWidth: "600px", margin: "0 auto" }}>
          <Img src={`cid:${LOGO_CID}`} width={LOGO_SIZE.width} height={LOGO_SIZE.height} alt={SITE_NAME} />
          <Hr style={{ borderColor: "#eee", margin: "12px 0" }} />
          {doc.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Renders a mail to its HTML part (React Email; the logo by Content-ID {@link LOGO_CID}, which the
 * sender must attach: the outbox job's `{ kind: "logo" }`) and its text part ({@link renderMailText}).
 */
export async function renderMail(doc: MailDocument): Promise<{ subject: string; text: string; html: string }> {
  return { subject: doc.subject, text: renderMailText(doc), html: await render(<MailView doc={doc} />) };
}
