import { Fragment } from 'react';

/**
 * Text of the OpenAPI description as people read it: `backticks` become code (they were shown as
 * literal backticks), blank lines separate paragraphs. Nothing else is interpreted: no HTML.
 */
export function splitInlineCode(text: string): { code: boolean; text: string }[] {
  const parts: { code: boolean; text: string }[] = [];
  const pattern = /`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ code: false, text: text.slice(last, match.index) });
    parts.push({ code: true, text: match[1] as string });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ code: false, text: text.slice(last) });
  return parts;
}

export function InlineText({ text }: { text: string }) {
  return (
    <>
      {splitInlineCode(text).map((part, index) =>
        part.code ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
          <code key={index}>{part.text}</code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className={className}>
          <InlineText text={paragraph} />
        </p>
      ))}
    </>
  );
}
