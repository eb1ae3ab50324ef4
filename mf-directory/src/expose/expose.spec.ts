import { describe, expect, it } from '@jest/globals';

// The shell renders `(await loadRemote('<remote>/<Name>')).default` (shell/src/federation/
// remote-page.tsx): an expose file that stops exporting the component breaks the area.
describe('exposed modules', () => {
  it('"./DirectoryPage" gives the page component as default export and by name', async () => {
    const mod = await import('./directory-page');
    expect(typeof mod.default).toBe('function');
    expect(mod.default).toBe(mod.DirectoryPage);
  });

  // The shell awaits `ready` before rendering the page, so no key ever shows (issue 22).
  it('"./DirectoryPage" gives `ready`, settled once the area texts are loaded', async () => {
    const mod = await import('./directory-page');
    expect(mod.ready).toBeInstanceOf(Promise);
    await expect(mod.ready).resolves.toBeUndefined();
  });
});
