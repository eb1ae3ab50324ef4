import { describe, expect, it } from '@jest/globals';

// The shell renders `(await loadRemote('<remote>/<Name>')).default` (shell/src/federation/
// remote-page.tsx): an expose file that stops exporting the component breaks the area.
describe('exposed modules', () => {
  it('"./ServiceHoursPage" gives the page component as default export and by name', async () => {
    const mod = await import('./service-hours-page');
    expect(typeof mod.default).toBe('function');
    expect(mod.default).toBe(mod.ServiceHoursPage);
  });
  it('"./SupervisorPage" gives the page component as default export and by name', async () => {
    const mod = await import('./supervisor-page');
    expect(typeof mod.default).toBe('function');
    expect(mod.default).toBe(mod.SupervisorPage);
  });
  it('"./VerifyRecordPage" gives the page component as default export and by name', async () => {
    const mod = await import('./verify-record-page');
    expect(typeof mod.default).toBe('function');
    expect(mod.default).toBe(mod.VerifyRecordPage);
  });
  it('"./ConfirmHoursPage" gives the page component as default export and by name', async () => {
    const mod = await import('./confirm-hours-page');
    expect(typeof mod.default).toBe('function');
    expect(mod.default).toBe(mod.ConfirmHoursPage);
  });
});
