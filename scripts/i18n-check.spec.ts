// Issue 22 "A check in npm test fails when a key is missing in either language or a text is
// hard-coded outside the catalogues". For every area's catalogue (src/locales/en.json beside
// es.json): the same keys, no empty text, valid ICU in both with the same arguments, and every key
// the code asks for exists. Then no screen hard-codes a text (eslint-plugin-i18next over JSX) and
// no service throws a message the shared catalogue (packages/contracts) cannot translate.
import { describe, expect, it } from '@jest/globals';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isSharedMessage } from '@district/contracts';
import { ROOT } from './workspaces.ts';

const UI_AREAS = ['shell', 'mf-volunteer', 'mf-directory', 'mf-blog', 'mf-hours'];
const SERVICES = ['svc-auth', 'svc-volunteer', 'svc-content', 'svc-hours'];

type Catalogue = Record<string, string>;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|integration-spec|e2e)\.tsx?$/.test(name) ? [path] : [];
  });
}

function readCatalogue(path: string): Catalogue {
  return JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
}

// An area's catalogue folders: src/locales, and the own catalogue of a lazily loaded page
// (src/pages/<page>/locales, loaded with that page: issue 31's district sign-in).
function catalogueDirs(area: string): string[] {
  const pages = join(ROOT, area, 'src/pages');
  const own = existsSync(pages)
    ? readdirSync(pages)
        .map((page) => join(pages, page, 'locales'))
        .filter((dir) => existsSync(join(dir, 'en.json')))
    : [];
  return [join(ROOT, area, 'src/locales'), ...own];
}

// Every text the area's code may ask for, in one language.
function areaCatalogue(area: string, language: 'en' | 'es'): Catalogue {
  return Object.assign(
    {},
    ...catalogueDirs(area).map((dir) =>
      existsSync(join(dir, `${language}.json`)) ? readCatalogue(join(dir, `${language}.json`)) : {},
    ),
  ) as Catalogue;
}

// The ICU arguments a message uses ({count}, {date}, plural and select names), from Lingui's
// own compiled form.
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of tokens: text (a string) or an argument node, [name] or
  // [name, type, options] whose options are token lists again (plural and select branches).
  const tokens = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const token of list) {
      if (!Array.isArray(token) || typeof token[0] !== 'string') continue;
      names.add(token[0]);
      if (token[2] && typeof token[2] === 'object')
        for (const branch of Object.values(token[2] as object)) tokens(branch);
    }
  };
  tokens(compileMessage(message));
  return [...names].sort();
}

const areasWithCatalogues = [...UI_AREAS, ...SERVICES].filter((area) =>
  existsSync(join(ROOT, area, 'src/locales/en.json')),
);

describe('catalogues', () => {
  it.each(UI_AREAS)('%s owns an English and a Spanish catalogue', (area) => {
    expect(existsSync(join(ROOT, area, 'src/locales/en.json'))).toBe(true);
    expect(existsSync(join(ROOT, area, 'src/locales/es.json'))).toBe(true);
  });

  describe.each(areasWithCatalogues)('%s', (area) => {
    const en = areaCatalogue(area, 'en');
    const es = areaCatalogue(area, 'es');

    it('has every key in both languages', () => {
      expect(Object.keys(es).filter((k) => !(k in en))).toEqual([]);
      expect(Object.keys(en).filter((k) => !(k in es))).toEqual([]);
    });

    it('has no empty text and valid ICU with the same arguments', () => {
      const problems: string[] = [];
      for (const [key, english] of Object.entries(en)) {
        const spanish = es[key];
        if (typeof english !== 'string' || !english.trim()) problems.push(`${key}: empty in en`);
        if (typeof spanish !== 'string' || !spanish.trim()) {
          problems.push(`${key}: empty in es`);
          continue;
        }
        try {
          const a = argumentsOf(english);
          const b = argumentsOf(spanish);
          if (a.join() !== b.join()) problems.push(`${key}: arguments ${a} in en, ${b} in es`);
        } catch (error) {
          problems.push(`${key}: ${(error as Error).message}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('has every key the code asks for', () => {
      const missing: string[] = [];
      for (const file of sourceFiles(join(ROOT, area, 'src'))) {
        const text = readFileSync(file, 'utf8');
        // t('key'), t("key"), i18n._('key'), <Trans id="key" />
        for (const m of text.matchAll(
          /(?:\bt|\b_|i18n\._)\(\s*['"]([\w.-]+)['"]|<Trans\s+id=["']([\w.-]+)["']/g,
        )) {
          const key = m[1] ?? m[2];
          if (!(key in en)) missing.push(`${relative(ROOT, file)}: ${key}`);
        }
      }
      expect(missing).toEqual([]);
    });
  });
});

describe('hard-coded texts', () => {
  it('no screen shows a text outside the catalogues', () => {
    // The ESLint CLI with the repository's config (eslint.config.mjs includes the rule).
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/eslint/bin/eslint.js'),
        '--format',
        'json',
        '--rule',
        '{"react-hooks/exhaustive-deps": "off"}',
        ...UI_AREAS.map((a) => `${a}/src`),
        'packages/ui/src',
      ],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const results = JSON.parse(run.stdout) as Array<{
      filePath: string;
      messages: Array<{ ruleId: string | null; line: number; message: string }>;
    }>;
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'i18next/no-literal-string')
        .map((m) => `${relative(ROOT, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(found).toEqual([]);
  }, 240_000);

  it('no service answers a message the shared catalogue cannot translate', () => {
    const untranslatable: string[] = [];
    for (const service of SERVICES) {
      for (const file of sourceFiles(join(ROOT, service, 'src'))) {
        const text = readFileSync(file, 'utf8');
        const calls =
          /(?:new \w+Exception\(|fieldError\(\s*'[^']*',)\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
        for (const m of text.matchAll(calls)) {
          if (m[1] === '`' || !isSharedMessage(m[2]))
            untranslatable.push(`${relative(ROOT, file)}: ${m[2]}`);
        }
      }
    }
    expect(untranslatable).toEqual([]);
  });
});
