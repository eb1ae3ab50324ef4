import { describe, expect, it } from '@jest/globals';

// The shell renders `(await loadRemote('<remote>/<Name>')).default` (shell/src/federation/
// remote-page.tsx): an expose file that stops exporting the component breaks the area.
describe('exposed modules', () => {
  it('"./VolunteerPage" gives the page component as default export and by name', async () => {
    const mod = await import('./volunteer-page');
    expect(typeof mod.default).toBe('function');
    expect(mod.default).toBe(mod.VolunteerPage);
  });
});
