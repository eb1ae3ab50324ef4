import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import bidiFactory from 'bidi-js';
import { rgb, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

// Unicode text for the platform's PDFs (issue 29): the official service record today, a
// certificate tomorrow. The PDF standard fonts only know Latin-1, so names in Vietnamese, Greek,
// Cyrillic, Hebrew or Arabic printed as '?'. Here every run of text is drawn in the first embedded
// Noto Sans font that has its glyphs, subset to the glyphs used, and right-to-left runs are put in
// visual order (bidi-js, the Unicode Bidirectional Algorithm); fontkit shapes Arabic.

export type FontWeight = 'regular' | 'bold';

// Google's Noto Sans as whole TTF files (the Expo packages ship them; Fontsource's are WOFF cut by
// script, which fontkit re-inflates at every glyph it reads). Noto Sans draws Latin, Vietnamese,
// Greek and Cyrillic; Hebrew and Arabic have families of their own.
const FAMILIES: Array<{ family: string; features?: Record<string, boolean> }> = [
  { family: 'NotoSans' },
  { family: 'NotoSansHebrew' },
  // Without 'ccmp' each Arabic letter keeps a glyph of its own: decomposed, zain shares ra's
  // glyph, and a PDF maps a glyph to one character only (copied text would read ra for zain).
  { family: 'NotoSansArabic', features: { ccmp: false } },
];
const PACKAGES: Record<string, string> = {
  NotoSans: 'noto-sans',
  NotoSansHebrew: 'noto-sans-hebrew',
  NotoSansArabic: 'noto-sans-arabic',
};
const STYLES: Record<FontWeight, string> = { regular: '400Regular', bold: '700Bold' };

// Combining marks, Hebrew and Arabic go through fontkit's shaping.
const NEEDS_SHAPING = /[\p{M}\p{Script=Hebrew}\p{Script=Arabic}]/u;

interface FontFile {
  bytes: Buffer;
  parsed: fontkit.Font;
  features?: Record<string, boolean>;
}

// pdf-lib's own fork of fontkit (@pdf-lib/fontkit 1.1.1, unmaintained) writes broken subsets of
// TrueType fonts whose glyphs have odd lengths (most glyphs came out blank); upstream fontkit
// fixed that. pdf-lib reads a subset through encodeStream(), which fontkit 2 replaced by encode().
function parse(bytes: Buffer): fontkit.Font {
  const font = fontkit.create(bytes) as fontkit.Font;
  const createSubset = font.createSubset.bind(font);
  const layout = font.layout.bind(font);
  // A cmap lookup per character adds up over a record: one per code point and font.
  const lookup = font.glyphForCodePoint.bind(font);
  const glyphs = new Map<number, fontkit.Glyph>();
  const glyphFor = (cp: number) => {
    let glyph = glyphs.get(cp);
    if (!glyph) glyphs.set(cp, (glyph = lookup(cp)));
    return glyph;
  };
  return Object.assign(font, {
    glyphForCodePoint: glyphFor,
    // id 0 is .notdef, what a font gives for a character it lacks.
    hasGlyphForCodePoint: (cp: number) => glyphFor(cp).id !== 0,
    createSubset: () => {
      const subset = createSubset();
      return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
    },
    // pdf-lib reads only the glyphs of a layout (never its positions), and text without
    // combining marks or a right-to-left script needs no shaping: one glyph per character from
    // the font's cmap, at a fraction of the cost (a 500-entry record measures and draws
    // thousands of strings).
    layout: (text: string, features?: Record<string, boolean>) =>
      NEEDS_SHAPING.test(text)
        ? layout(text, features)
        : { glyphs: Array.from(text, (c) => glyphFor(c.codePointAt(0) as number)) },
  });
}

// Read and parsed once, when the service starts; every document reuses them.
function loadFace(weight: FontWeight): FontFile[] {
  return FAMILIES.map(({ family, features }) => {
    const style = STYLES[weight];
    const file = `@expo-google-fonts/${PACKAGES[family]}/${style}/${family}_${style}.ttf`;
    const bytes = readFileSync(require.resolve(file));
    return { bytes, parsed: parse(bytes), features };
  });
}
const FACES: Record<FontWeight, FontFile[]> = {
  regular: loadFace('regular'),
  bold: loadFace('bold'),
};
const PARSED = new Map<Uint8Array, fontkit.Font>(
  Object.values(FACES).flatMap((files) => files.map((f) => [f.bytes, f.parsed] as const)),
);
// pdf-lib asks its fontkit to parse the bytes at each embedFont: hand back the parsed font.
const sharedFontkit = {
  create: (bytes: Uint8Array) => PARSED.get(bytes) ?? parse(Buffer.from(bytes)),
};

const bidi = bidiFactory();
// Characters that may start a right-to-left run (Hebrew, Arabic and their presentation forms).
const MAYBE_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
// fontkit lays out a run whose first strong script is one of these right to left by itself.
const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;
const REPLACEMENT = '?';
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

interface Run {
  text: string;
  font: PDFFont;
  level: number;
}

interface EmbeddedFont {
  pdf: PDFFont;
  parsed: fontkit.Font;
}

export interface DrawTextOptions {
  x: number;
  y: number;
  size: number;
  weight?: FontWeight;
  color?: Color;
}

export class PdfTextWriter {
  private readonly faces: Record<FontWeight, EmbeddedFont[]>;
  // A record draws the same texts again and again (dates, hours, how an entry was approved).
  private readonly memo = new Map<string, Run[]>();

  private constructor(faces: Record<FontWeight, EmbeddedFont[]>) {
    this.faces = faces;
  }

  // Embeds (subset) the fonts the given texts need, plus Latin for the fixed texts. A text drawn
  // later with characters none of them has prints '?' for those.
  static async for(doc: PDFDocument, texts: Iterable<string>): Promise<PdfTextWriter> {
    doc.registerFontkit(sharedFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    const needed = new Set<number>([0]);
    for (const text of new Set(texts))
      for (const char of text.normalize('NFC')) {
        const cp = char.codePointAt(0) as number;
        const index = FACES.regular.findIndex((f) => f.parsed.hasGlyphForCodePoint(cp));
        if (index >= 0) needed.add(index);
      }
    const embed = async (weight: FontWeight) => {
      const out: EmbeddedFont[] = [];
      for (const [index, file] of FACES[weight].entries()) {
        if (!needed.has(index)) continue;
        const pdf = await doc.embedFont(file.bytes, {
          subset: true,
          ...(file.features ? { features: { ...file.features } } : {}),
        });
        out.push({ pdf, parsed: file.parsed });
      }
      return out;
    };
    return new PdfTextWriter({ regular: await embed('regular'), bold: await embed('bold') });
  }

  // The text as runs of one font and one direction, in visual order, left to right.
  private runs(text: string, weight: FontWeight): Run[] {
    const key = `${weight}:${text}`;
    let runs = this.memo.get(key);
    if (!runs) {
      const clean = text.replace(/\s+/g, ' ');
      // Plain ASCII (dates, numbers, most catalogue texts): one run in the first font.
      runs = PRINTABLE_ASCII.test(clean)
        ? [{ text: clean, font: this.faces[weight][0].pdf, level: 0 }]
        : this.splitRuns(clean.normalize('NFC'), weight);
      this.memo.set(key, runs);
    }
    return runs;
  }

  private splitRuns(clean: string, weight: FontWeight): Run[] {
    const fonts = this.faces[weight];
    const levels = MAYBE_RTL.test(clean) ? bidi.getEmbeddingLevels(clean).levels : null;
    const runs: Run[] = [];
    let current: (Run & { parsed: fontkit.Font }) | undefined;
    for (let i = 0; i < clean.length;) {
      const cp = clean.codePointAt(i) as number;
      const char = String.fromCodePoint(cp);
      const level = levels ? levels[i] : 0;
      i += char.length;
      // Spaces and punctuation stay in the run's font when it has them: fewer, longer runs.
      if (current && current.level === level && current.parsed.hasGlyphForCodePoint(cp)) {
        current.text += char;
        continue;
      }
      const found = fonts.find((f) => f.parsed.hasGlyphForCodePoint(cp)) ?? fonts[0];
      const drawn = found.parsed.hasGlyphForCodePoint(cp) ? char : REPLACEMENT;
      if (current && current.level === level && current.font === found.pdf) {
        current.text += drawn;
        continue;
      }
      current = { text: drawn, font: found.pdf, parsed: found.parsed, level };
      runs.push(current);
    }
    if (!levels) return runs;
    // Unicode bidi rule L2 on whole runs: from the highest level down to the lowest odd one,
    // reverse every stretch of runs at that level or higher.
    const max = Math.max(...runs.map((r) => r.level));
    const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
    for (let level = max; level >= lowestOdd; level--) {
      for (let start = 0; start < runs.length;) {
        if (runs[start].level < level) {
          start++;
          continue;
        }
        let end = start;
        while (end < runs.length && runs[end].level >= level) end++;
        runs.splice(start, end - start, ...runs.slice(start, end).reverse());
        start = end;
      }
    }
    // Inside a run, fontkit reverses (and shapes) Hebrew and Arabic itself; any other run goes
    // the way its level says, mirroring brackets in right-to-left ones.
    return runs.map(({ text: runText, font, level }) => {
      const rtl = level % 2 === 1;
      if (rtl === RTL_SCRIPT.test(runText)) return { text: runText, font, level };
      const chars = [...runText].reverse();
      return {
        text: chars.map((c) => (rtl ? (bidi.getMirroredCharacter(c) ?? c) : c)).join(''),
        font,
        level,
      };
    });
  }

  width(text: string, size: number, weight: FontWeight = 'regular'): number {
    return this.runs(text, weight).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  // The text cut to `maxWidth` with an ellipsis (in logical order: its end is where a reader of
  // the text's direction stops).
  fit(text: string, size: number, maxWidth: number, weight: FontWeight = 'regular'): string {
    let out = text.replace(/\s+/g, ' ').normalize('NFC');
    const full = this.width(out, size, weight);
    if (full <= maxWidth) return out;
    // Cut proportionally first, then a character at a time: a long description costs a few
    // measurements, not one per character.
    const chars = [...out];
    out = chars.slice(0, Math.max(1, Math.floor((chars.length * maxWidth) / full))).join('');
    while ([...out].length > 1 && this.width(`${out}…`, size, weight) > maxWidth)
      out = [...out].slice(0, -1).join('');
    return `${out.trimEnd()}…`;
  }

  // The text in lines no wider than `maxWidth`, broken between words (a word wider than a line
  // is broken between characters): a long organisation name is printed whole (issue 33).
  wrap(text: string, size: number, maxWidth: number, weight: FontWeight = 'regular'): string[] {
    const clean = text.replace(/\s+/g, ' ').trim().normalize('NFC');
    if (this.width(clean, size, weight) <= maxWidth) return [clean];
    const lines: string[] = [];
    let line = '';
    const fits = (value: string) => this.width(value, size, weight) <= maxWidth;
    for (const word of clean.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word alone wider than the line: as many characters as fit on each line.
      let rest = word;
      while (!fits(rest)) {
        const chars = [...rest];
        let take = chars.length - 1;
        while (take > 1 && !fits(chars.slice(0, take).join(''))) take -= 1;
        lines.push(chars.slice(0, take).join(''));
        rest = chars.slice(take).join('');
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  draw(page: PDFPage, text: string, options: DrawTextOptions): void {
    const { size, weight = 'regular', color = rgb(0, 0, 0) } = options;
    let x = options.x;
    const runs = this.runs(text, weight);
    for (const [index, run] of runs.entries()) {
      page.drawText(run.text, { x, y: options.y, size, font: run.font, color });
      if (index < runs.length - 1) x += run.font.widthOfTextAtSize(run.text, size);
    }
  }
}
