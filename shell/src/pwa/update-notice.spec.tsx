import { changeLanguage } from '@district/ui';
import { json, routeRelativeFetchTo, startTestServer, type TestServer } from '@district/ui/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Link, MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app';
import { rememberRemote } from './deployments';
import { UpdateNotice } from './update-notice';

// Issue 34: a remote redeployed while the page is open reaches it at the next navigation as
// "Updated, reload", against a real HTTP server playing the gateway.
const MANIFEST = '/mf/volunteer/mf-manifest.json';
let manifest = { name: 'mf_volunteer', exposes: [{ assets: { js: { sync: ['a1.js'] } } }] };
let server: TestServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/user': (_req, res) => json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
    'GET /config/remotes.json': (_req, res) =>
      json(res, 200, { remotes: [{ name: 'mf_volunteer', entry: MANIFEST }] }),
    [`GET ${MANIFEST}`]: (_req, res) => json(res, 200, manifest),
  });
  restoreFetch = routeRelativeFetchTo(server.origin);
});
afterAll(async () => {
  restoreFetch();
  await server.close();
});
afterEach(cleanup);

function Page() {
  return (
    <>
      <UpdateNotice />
      <Link to="/">Home</Link>
      <Link to="/volunteer">Volunteer</Link>
    </>
  );
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/volunteer']}>
      <AppProviders>
        <Page />
      </AppProviders>
    </MemoryRouter>,
  );

const manifestChecks = () => server.requests.filter((r) => r.url === MANIFEST).length;

describe('Updated, reload', () => {
  it('stays hidden while nothing was redeployed, however often the student navigates', async () => {
    await rememberRemote(MANIFEST);
    renderPage();
    const before = manifestChecks();
    await act(async () => screen.getByRole('link', { name: 'Home' }).click());
    await waitFor(() => expect(manifestChecks()).toBeGreaterThan(before));
    await act(async () => screen.getByRole('link', { name: 'Volunteer' }).click());
    await waitFor(() => expect(manifestChecks()).toBeGreaterThan(before + 1));
    expect(screen.queryByText(/a new version of the app is ready/)).toBeNull();
  });

  it('appears at the next navigation after the remote is redeployed, in the language in use', async () => {
    renderPage();
    manifest = { name: 'mf_volunteer', exposes: [{ assets: { js: { sync: ['b2.js'] } } }] };
    await act(async () => screen.getByRole('link', { name: 'Home' }).click());
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Updated: a new version of the app is ready.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await act(() => changeLanguage('es'));
    expect(screen.getByRole('status').textContent).toContain('Actualizado');
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    await act(() => changeLanguage('en'));
  });
});
