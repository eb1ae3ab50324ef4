// Accessibility gate for every screen: axe-core in the page, failing on every violation whatever
// its impact (minor and moderate ones too: issue 14.7).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface A11yOptions {
  // Limit the check to part of the page (a CSS selector).
  include?: string;
  // Rules to skip, each with a reason in the calling test.
  disableRules?: string[];
}

// Resolves once every finite animation (fade-ins, pop-ins) has finished; spinners may keep going.
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(settledInPage);
}

function settledInPage(): boolean {
  return (
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ) &&
    // A dismissed toast keeps its faded-out frame (fill: forwards) until React removes it: axe
    // would read its see-through text as low contrast.
    document.querySelector('.ui-toast[data-state="closed"]') === null
  );
}

// Every axe violation on the page, one line each ("impact: rule (help) on targets"); [] when clean.
export async function a11yViolations(page: Page, options: A11yOptions = {}): Promise<string[]> {
  // A toast or dialog fading in is half transparent: its contrast is only meaningful once settled.
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  let results = await builder.analyze();
  // A toast that arrived during the analysis (another test's new opportunity) is read half faded
  // in: once settled, look again. What is still wrong then is reported.
  if (results.violations.length > 0) {
    await animationsSettled(page);
    results = await builder.analyze();
  }
  return results.violations.map(
    (v) =>
      `${v.impact ?? 'unknown'}: ${v.id} (${v.help}) on ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

export async function expectNoA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  expect(await a11yViolations(page, options), `axe found violations on ${page.url()}`).toEqual([]);
}
