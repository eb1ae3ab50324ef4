import { describe, expect, it } from '@jest/globals';
import { postParagraphs } from './post-paragraphs.util';

describe(postParagraphs.name, () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(postParagraphs('One\nstill one\n\nTwo\n \n\nThree')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });

  it('treats Windows line endings like Unix ones and drops empty paragraphs', () => {
    expect(postParagraphs('\r\n\r\nFirst\r\n\r\nSecond\r\n')).toEqual(['First', 'Second']);
  });

  it('leaves markup as plain characters', () => {
    expect(postParagraphs('<b>bold</b>\n\n<script>x()</script>')).toEqual([
      '<b>bold</b>',
      '<script>x()</script>',
    ]);
  });
});
