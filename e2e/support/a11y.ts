// Accessibility gate for every screen: axe-core in the page, failing on serious or critical issues.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface A11yOptions {
  // Limit the check to part of the page (a CSS selector).
  include?: string;
  // Rules to skip, each with a reason in the calling test.
  disableRules?: string[];
}

export async function expectNoA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // A toast or dialog fading in is half transparent: its contrast is only meaningful once settled.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious.map(
    (v) =>
      `${v.impact}: ${v.id} (${v.help}) on ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
  expect(report, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
