// A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return
// that some programs strip first) is neutralised with a leading apostrophe (OWASP "CSV
// injection"). Numbers are written as numbers, so only text goes through here.
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
