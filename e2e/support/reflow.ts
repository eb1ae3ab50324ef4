// Checks for people who enlarge text, use a narrow screen, point with a finger or a shaking hand,
// or get sick from motion (WCAG 1.4.4, 1.4.10, 2.5.8, 2.3.3). Each returns one line per problem;
// [] when the screen is fine.
import type { Locator, Page } from '@playwright/test';

// Text at `percent` of the browser's default size, the way a person's font-size setting does it:
// every rem-based size of the kit follows the root element's font size.
export async function resizeText(page: Page, percent: number): Promise<void> {
  await page.evaluate((value) => {
    document.documentElement.style.fontSize = `${value}%`;
    // Wait for the relayout before anyone measures.
    return new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
  }, percent);
}

// Sideways scrolling and cut-off content (1.4.10 Reflow, 1.4.4 Resize text).
export async function reflowFindings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const describe = (el: Element): string => {
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls}>${text ? ` "${text}"` : ''}`;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      findings.push(`the page scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);
      // Name what sticks out (the outermost element of each), to know what to fix.
      const out = (el: Element | null): boolean =>
        !!el && el !== document.body && el.getBoundingClientRect().right > root.clientWidth + 1;
      const culprits = Array.from(document.querySelectorAll('body *')).filter(
        (el) => out(el) && !out(el.parentElement) && getComputedStyle(el).clip === 'auto',
      );
      for (const el of culprits.slice(0, 5))
        findings.push(`${describe(el)} reaches ${Math.round(el.getBoundingClientRect().right)} px`);
    }
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(el);
      // Screen-reader-only helpers are clipped on purpose.
      if (style.clip !== 'auto' || style.display === 'none' || style.visibility === 'hidden')
        continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      // A box that hides what does not fit cuts text off; a scrolling one (a table, a dialog)
      // lets the person reach it.
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (!hidesX && !hidesY) continue;
      // Only text cut off counts: a rounded avatar clipping its image is not a loss.
      if (!(el.textContent ?? '').trim()) continue;
      const cutX = hidesX && el.scrollWidth > el.clientWidth + 1;
      const cutY = hidesY && el.scrollHeight > el.clientHeight + 1;
      if (cutX || cutY)
        findings.push(
          `${describe(el)} cuts off its content (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`,
        );
    }
    return findings;
  });
}

// Words split across two lines in the texts that name things: the page's title, a table's
// caption and column headers, form labels, buttons and tabs ("Estudi-antes" under a narrow
// column, "Sal-ir" in a squeezed header). A break at a hyphen or a slash is a place a word may
// break. Section headings are left out: many are user content (an opportunity's title), which
// may break anywhere.
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const selector = 'h1, caption, th[scope="col"], label, legend, button, [role="tab"]';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\-/–—]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (lines.size > 1)
            findings.push(`"${match[0]}" is split across lines in <${el.tagName.toLowerCase()}>`);
        }
      }
    }
    return [...new Set(findings)];
  });
}

// Every control smaller than 24×24 CSS px (2.5.8 Target Size, minimum). A link inside a sentence
// is exempt (the text sets its height); a checkbox or radio counts with its label, which takes
// the click as well.
export async function smallTargets(page: Page, minimum = 24): Promise<string[]> {
  return page.evaluate((min) => {
    const findings: string[] = [];
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [role="link"]';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.clip !== 'auto') continue;
      let box = el.getBoundingClientRect();
      // Not shown (collapsed, a native select behind a custom one, a skip link until focused).
      if (box.width <= 1 || box.height <= 1 || el.closest('[aria-hidden="true"]')) continue;
      if (el.matches('.ui-sr-only, .ui-sr-only *')) continue;
      if (el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) && el.labels?.[0])
        box = el.labels[0].getBoundingClientRect();
      if (el.tagName === 'A' && style.display === 'inline') {
        const block = el.parentElement;
        const sentence = (block?.textContent ?? '').trim().length;
        if (sentence > (el.textContent ?? '').trim().length) continue;
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40);
        findings.push(
          `<${el.tagName.toLowerCase()}>${text ? ` "${text}"` : ''} is ${Math.round(box.width)}×${Math.round(box.height)} px`,
        );
      }
    }
    return findings;
  }, minimum);
}

export interface Motion {
  // Every running or finished CSS animation on the element, and its transition, in ms.
  animations: { name: string; durationMs: number }[];
  transitionMs: number;
}

// The motion an element (an open dialog, a toast) is given by its style sheet.
export async function motionOf(target: Locator): Promise<Motion> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const ms = (value: string): number =>
      Math.max(
        0,
        ...value
          .split(',')
          .map((part) => part.trim())
          .map((part) => (part.endsWith('ms') ? parseFloat(part) : parseFloat(part) * 1000)),
      );
    const names = style.animationName.split(',').map((name) => name.trim());
    const durations = style.animationDuration.split(',');
    return {
      animations: names
        .map((name, i) => ({ name, durationMs: ms(durations[i] ?? durations[0] ?? '0s') }))
        .filter((a) => a.name !== 'none'),
      transitionMs: ms(style.transitionDuration),
    };
  });
}
