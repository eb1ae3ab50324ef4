// Shared by the benchmarks that time toasts in Chromium (notification-latency, promotion-latency).
import type { Page } from 'playwright-core';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Resolves with Date.now() at the first frame in which a toast with this text is on screen.
export function toastSeen(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const found = () =>
          Array.from(document.querySelectorAll('li')).some((li) =>
            li.textContent?.includes(wanted),
          );
        const done = () => requestAnimationFrame(() => resolve(Date.now()));
        if (found()) return done();
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
}

// Closes whatever toast is showing, so the next notification is not queued behind it.
export async function clearToasts(page: Page): Promise<void> {
  const open = page.locator('li[data-state="open"]').getByRole('button', { name: 'Close' });
  for (let i = 0; i < 5 && (await open.count()) > 0; i++) {
    await open
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await sleep(50);
  }
}
