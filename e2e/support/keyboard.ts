// Driving a page with the keyboard only, the way a person without a mouse does, and checking at
// every stop that they can see where they are (WCAG 2.1.1, 2.1.2, 2.4.7).
import { expect, type Locator, type Page } from '@playwright/test';

interface Focus {
  description: string;
  // Whether the focused element shows a ring: an outline or a box-shadow.
  ring: boolean;
  onBody: boolean;
}

// What has the focus now, and whether it shows.
async function currentFocus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement)
      return { description: '<body>', ring: false, onBody: true };
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    const role = el.getAttribute('role');
    const style = getComputedStyle(el);
    // A date field's calendar button is a stop of its own inside the browser's part of the field:
    // the field is the active element without matching :focus, and the browser draws that
    // button's ring itself, out of reach of the page's styles (docs/accessibility.md).
    const browserPart = el.matches('input') && !el.matches(':focus');
    const ring =
      browserPart ||
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    return {
      description: `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}>${text ? ` "${text}"` : ''}`,
      ring,
      onBody: false,
    };
  });
}

export async function expectFocusVisible(page: Page, where = ''): Promise<void> {
  const focus = await currentFocus(page);
  expect(focus.onBody, `focus is lost (on the page body) ${where}`).toBe(false);
  expect(focus.ring, `${focus.description} has the focus but shows no ring ${where}`).toBe(true);
}

// Presses Tab until `target` has the focus, checking the ring at every stop on the way. Fails
// when the target is never reached (it is not in the tab order, or a widget traps the focus).
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  const unringed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focus = await currentFocus(page);
    if (!focus.onBody && !focus.ring) unringed.push(focus.description);
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(unringed, 'stops without a visible focus ring on the way').toEqual([]);
      return;
    }
  }
  throw new Error(`${String(target)} was not reached in ${max} presses of Tab`);
}

// No keyboard trap: from the focused element, Tab goes through the rest of the page, out of it
// and round to the same element again.
export async function expectNoKeyboardTrap(page: Page, max = 400): Promise<void> {
  const start = await page.evaluate(() => {
    const el = document.activeElement;
    el?.setAttribute('data-trap-start', '');
    return el !== document.body;
  });
  expect(start, 'the trap check starts from a focused control').toBe(true);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.hasAttribute('data-trap-start'))) return;
  }
  throw new Error(`Tab never came back round to where it started in ${max} presses: a trap`);
}
