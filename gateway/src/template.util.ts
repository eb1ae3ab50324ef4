import { readFileSync } from 'node:fs';

const TEMPLATE_DIR = new URL('../templates/', import.meta.url);
const INCLUDE_LINE = /^(\s*)include\s+([\w.-]+\.conf);\s*$/;
const WHOLE_LINE_PLACEHOLDER = /^(\s*)\{\{(\w+)\}\}\s*$/;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const cache = new Map<string, string>();

function loadTemplate(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(name, TEMPLATE_DIR), 'utf8');
    cache.set(name, text);
  }
  return text;
}

// Comments of snippets included by other snippets explain them once in templates/; repeating
// them at every one of their includes would bury the generated config.
function dropComments(lines: string[]): string[] {
  return lines.filter((line) => !line.trim().startsWith('#'));
}

function indent(text: string, prefix: string): string[] {
  return text.split('\n').map((line) => (line.trim() === '' ? '' : prefix + line));
}

/**
 * Renders templates/<name>: `include x.conf;` lines of our own snippets are inlined (so the
 * result is one self-contained file), `{{key}}` is replaced from vars. A placeholder alone on
 * its line may hold several lines (indented like the placeholder) or nothing (line dropped).
 */
export function renderTemplate(
  name: string,
  vars: Readonly<Record<string, string>>,
  depth = 0,
): string {
  let lines = loadTemplate(name).replace(/\n+$/, '').split('\n');
  if (depth >= 2) lines = dropComments(lines);
  const out: string[] = [];
  for (const line of lines) {
    const include = INCLUDE_LINE.exec(line);
    if (include) {
      out.push(...indent(renderTemplate(include[2], vars, depth + 1), include[1]));
      continue;
    }
    const whole = WHOLE_LINE_PLACEHOLDER.exec(line);
    if (whole) {
      const value = lookup(vars, whole[2], name);
      if (value !== '') out.push(...indent(value, whole[1]));
      continue;
    }
    out.push(
      line.replace(PLACEHOLDER, (_match, key: string) => {
        const value = lookup(vars, key, name);
        if (value.includes('\n')) throw new Error(`template ${name}: {{${key}}} must be one line`);
        return value;
      }),
    );
  }
  return out.join('\n');
}

function lookup(vars: Readonly<Record<string, string>>, key: string, template: string): string {
  const value = vars[key];
  if (value === undefined) throw new Error(`template ${template}: no value for {{${key}}}`);
  return value;
}
