import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { PdfTextWriter } from './unicode-text';

// The words on the page left to right, as poppler's pdftotext -bbox sees them: each word's
// letters as they sit on the page, so a right-to-left word comes out mirrored.
function wordsLeftToRight(pdf: Uint8Array): string[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
  return [...html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)]
    .map((m) => ({ x: Number(m[1]), word: m[2] }))
    .sort((a, b) => a.x - b.x)
    .map((w) => w.word);
}

async function render(text: string, maxWidth = 500) {
  const doc = await PDFDocument.create();
  const writer = await PdfTextWriter.for(doc, [text]);
  const page = doc.addPage([600, 100]);
  const drawn = writer.fit(text, 12, maxWidth);
  writer.draw(page, drawn, { x: 10, y: 50, size: 12 });
  return { pdf: await doc.save(), drawn, width: writer.width(drawn, 12) };
}

const onPage = (word: string) => [...word].reverse().join('');

describe(PdfTextWriter.name, () => {
  it('puts right-to-left words in visual order inside a left-to-right line', async () => {
    const { pdf } = await render('Food bank בנק מזון (2 hours)');
    // The Hebrew words read right to left: the first one typed stands further right.
    expect(wordsLeftToRight(pdf)).toEqual([
      'Food',
      'bank',
      onPage('מזון'),
      onPage('בנק'),
      '(2',
      'hours)',
    ]);
  });

  it('lays a right-to-left line out from the right, numbers left to right', async () => {
    const { pdf } = await render('בנק מזון 2025');
    expect(wordsLeftToRight(pdf)).toEqual(['2025', onPage('מזון'), onPage('בנק')]);
  });

  it('cuts a long text to the width with an ellipsis, in any script', async () => {
    for (const text of [
      'Ayuda en la biblioteca: préstamo de libros y lectura en voz alta para niños',
      'مساعدة في مكتبة المدرسة وتنظيم الكتب والقراءة للأطفال الصغار في الحي كل أسبوع',
    ]) {
      const { drawn, width } = await render(text, 150);
      expect(drawn.endsWith('…')).toBe(true);
      expect(width).toBeLessThanOrEqual(150);
      expect(width).toBeGreaterThan(120);
    }
  });

  it('embeds only the fonts the texts need, as subsets', async () => {
    const fonts = async (text: string) => {
      const { pdf } = await render(text);
      return execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((line) => line.split(/\s+/)[0].replace(/-\d+$/, ''));
    };
    expect(await fonts('José Müller')).toEqual(['NotoSans-Regular']);
    expect((await fonts('Nguyễn שרה فاطمة')).sort()).toEqual([
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansHebrew-Regular',
    ]);
    const { pdf } = await render('José Müller');
    // Subset: a few KB, where the whole Noto Sans file is 600 KB.
    expect(pdf.length).toBeLessThan(20_000);
  });
});
