// What a person sees, checked in the browser (issue 14.2): the kit's font and colours are applied,
// fields fill the width of a phone, nothing spills past the right edge, and every tab stop shows
// a focus ring. The kit's tokens are read from packages/ui/src/styles.css, so a change of font or
// colour there moves the expectation with it; nothing here guesses a value.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { animationsSettled } from './a11y.ts';

const STYLES = fileURLToPath(new URL('../../packages/ui/src/styles.css', import.meta.url));

export interface KitTokens {
  // Raw values of the custom properties in the kit's :root block.
  font: string;
  primary: string;
}

export function readKitTokens(): KitTokens {
  const css = readFileSync(STYLES, 'utf8');
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1];
  if (!root) throw new Error(`no :root block in ${STYLES}`);
  const token = (name: string): string => {
    const value = new RegExp(`--${name}:\\s*([^;]+);`).exec(root)?.[1]?.trim();
    if (!value) throw new Error(`--${name} is not defined in the :root block of ${STYLES}`);
    return value;
  };
  return { font: token('ui-font'), primary: token('ui-primary') };
}

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface VisualOptions {
  tokens: KitTokens;
  phone: boolean;
  // Accessible name of the screen's primary action (a button or a link styled as one).
  primary?: string;
}

// Every problem a person would notice on the current screen, one line each; [] when it looks right.
export async function visualFindings(page: Page, options: VisualOptions): Promise<string[]> {
  // A hovered button shows its hover colour: park the pointer in a corner first.
  await page.mouse.move(0, 0);
  // Cards fading in are half transparent: judge colours once they have settled.
  await animationsSettled(page);
  return page.evaluate(({ tokens, phone, primary }) => {
    const findings: string[] = [];
    const describe = (el: Element): string => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` "${text}"` : ''}`;
    };
    // What a sighted person can see: not collapsed, hidden, transparent, or a 1 px
    // visually-hidden helper (screen-reader text, the native select behind a Radix Select).
    const visible = (el: Element): boolean => {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.opacity !== '0' && style.clip === 'auto';
    };
    const all = (selector: string): Element[] =>
      Array.from(document.querySelectorAll(selector)).filter(visible);

    // Resolve the tokens the way the browser does (quotes, colour format) with a probe element.
    const probe = document.createElement('div');
    probe.style.fontFamily = tokens.font;
    probe.style.backgroundColor = tokens.primary;
    document.body.append(probe);
    const kitFont = getComputedStyle(probe).fontFamily;
    const kitPrimary = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const fontKey = (family: string) =>
      family
        .split(',')
        .map((f) =>
          f
            .trim()
            .replace(/^["']|["']$/g, '')
            .toLowerCase(),
        )
        .join(',');

    for (const el of all('h1, h2, h3, h4, h5, h6, [role="heading"]')) {
      const family = getComputedStyle(el).fontFamily;
      if (fontKey(family) !== fontKey(kitFont))
        findings.push(`heading ${describe(el)} is set in ${family}, not the kit's ${kitFont}`);
    }
    for (const el of all('button, [role="button"], a.ui-button, input[type="submit"]')) {
      const family = getComputedStyle(el).fontFamily;
      if (fontKey(family) !== fontKey(kitFont))
        findings.push(`button ${describe(el)} is set in ${family}, not the kit's ${kitFont}`);
    }

    const primaries = all('.ui-button--default');
    if (primary) {
      const named = all('button:not([role="tab"]), a').find(
        (el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === primary,
      );
      if (!named) findings.push(`primary action "${primary}" is not on the screen`);
      else if (!primaries.includes(named)) primaries.push(named);
    }
    for (const el of primaries) {
      const background = getComputedStyle(el).backgroundColor;
      if (background !== kitPrimary)
        findings.push(
          `primary button ${describe(el)} has background ${background}, not the kit's ${kitPrimary}`,
        );
    }

    if (phone) {
      // A field fills the width it is given: the content box of its form, dialog, tab panel or
      // page (a nested card's padding is allowed for), never a narrow box beside empty space.
      const fields = all(
        'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), select, textarea, button[role="combobox"]',
      );
      for (const el of fields) {
        const container = el.parentElement?.closest(
          'form, [role="dialog"], [role="alertdialog"], [role="tabpanel"], [role="search"], main',
        );
        if (!container) continue;
        const style = getComputedStyle(container);
        const available =
          container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const width = el.getBoundingClientRect().width;
        if (width < available * 0.85)
          findings.push(
            `field ${describe(el)} is ${Math.round(width)} px wide in a ${Math.round(available)} px ${describe(container).split('>')[0]}>`,
          );
      }
    }

    // Horizontal overflow: the page scrolls sideways, or something sticks out on the right.
    const viewport = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewport)
      findings.push(`the page is ${scrollWidth} px wide in a ${viewport} px viewport`);
    const clippedByAncestor = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow !== 'visible' && a.getBoundingClientRect().right <= viewport + 1) return true;
      }
      return false;
    };
    const sticksOut = (el: Element): boolean =>
      el.getBoundingClientRect().right > viewport + 1 &&
      getComputedStyle(el).clip === 'auto' &&
      !clippedByAncestor(el);
    for (const el of all('body *')) {
      // Name the outermost element only: its children stick out with it.
      if (!sticksOut(el) || (el.parentElement && sticksOut(el.parentElement))) continue;
      findings.push(
        `${describe(el)} reaches ${Math.round(el.getBoundingClientRect().right)} px, past the ${viewport} px viewport`,
      );
    }
    return findings;
  }, options);
}

const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'tab',
  'checkbox',
  'radio',
  'switch',
  'combobox',
  'textbox',
  'searchbox',
  'spinbutton',
  'slider',
  'menuitem',
  'option',
]);

export interface TabStop {
  description: string;
  // Why a person would stumble on this stop; null when it is a fine one.
  problem: string | null;
}

// Walks the page with Tab (from the top) and judges each stop: the focus ring must show, and the
// stop must be a control, not a wrapper or a tab panel that already holds controls.
export async function walkTabStops(page: Page, max = 30): Promise<TabStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: TabStop[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(
      (interactiveRoles) => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        // A stable key to notice when the walk wraps around.
        if (!el.hasAttribute('data-tab-walk'))
          el.setAttribute(
            'data-tab-walk',
            String(document.querySelectorAll('[data-tab-walk]').length),
          );
        const key = el.getAttribute('data-tab-walk') ?? '';
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40);
        const role = el.getAttribute('role') ?? '';
        const description = `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}>${text ? ` "${text}"` : ''}`;
        const style = getComputedStyle(el);
        // A date field's calendar button: the browser draws its ring (see keyboard.ts).
        const browserPart = el.matches('input') && !el.matches(':focus');
        const ring =
          browserPart ||
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none';
        const native = el.matches(
          'a[href], button, input, select, textarea, summary, [contenteditable="true"]',
        );
        const focusableInside = el.querySelector(
          'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
        );
        const scrollable =
          el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(style.overflowY);
        let problem: string | null = null;
        // A toast is a stop on purpose (Radix): the keyboard reaches it to act on or dismiss it.
        const toast = el.closest('.ui-toast__viewport') !== null;
        if (!native && !toast && !interactiveRoles.includes(role)) {
          if (role === 'tabpanel' && focusableInside)
            problem = 'a tab panel that holds controls is itself a tab stop';
          else if (role !== 'tabpanel' && !scrollable)
            problem = `a ${role || el.tagName.toLowerCase()} wrapper is a tab stop`;
        }
        if (!problem && !ring) problem = 'no visible focus ring (outline and box-shadow are none)';
        return { key, description, problem };
      },
      [...INTERACTIVE_ROLES],
    );
    if (!stop || seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push({ description: stop.description, problem: stop.problem });
  }
  return stops;
}
