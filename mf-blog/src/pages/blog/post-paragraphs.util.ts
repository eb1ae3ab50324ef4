// A post's text as the author typed it, split into paragraphs on blank lines. Single line breaks
// stay inside a paragraph (rendered with white-space: pre-line). Never parsed as HTML.
export function postParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim().length > 0);
}
