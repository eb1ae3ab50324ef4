import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';

// Poppler's own bidi marks around right-to-left text (RLE ... PDF, and the isolates).
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

// The text a PDF shows, read back the way a reader's copy and search do: poppler's pdftotext
// through the embedded fonts' ToUnicode maps (scripts/test.ts installs poppler-utils when missing).
// Lines in page order; right-to-left runs come out in logical order, as typed, without the
// bidi marks pdftotext wraps them in.
export async function pdfText(bytes: Uint8Array): Promise<{ title: string; text: string }> {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
    input: bytes,
    encoding: 'utf8',
  });
  const lines = text
    .replace(BIDI_CONTROLS, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== '\f');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return { title: doc.getTitle() ?? '', text: lines.join('\n') };
}
