import { Route, Routes } from 'react-router-dom';
import { lazyPage } from './lib/lazy-page';
import { AuthPage } from './pages/auth/auth-page';
import { PublicShell } from './pages/public-shell';
import { ProtectedRoute, PublicOnlyRoute } from './routing/protected-route';

// The sign-in screen ships with the first load (it is where new visitors land); everything behind
// sign-in and the rarely used pages are separate chunks.
const AppLayout = lazyPage(() =>
  import('./layout/app-layout').then((m) => ({ default: m.AppLayout })),
);
const HomePage = lazyPage(() =>
  import('./pages/home/home-page').then((m) => ({ default: m.HomePage })),
);
const ForgotPasswordPage = lazyPage(() =>
  import('./pages/forgot-password/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazyPage(() =>
  import('./pages/reset-password/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
// Issue 20: the page of a guardian's consent link (signed out).
const GuardianConsentPage = lazyPage(() =>
  import('./pages/guardian-consent/guardian-consent-page').then((m) => ({
    default: m.GuardianConsentPage,
  })),
);
// Issue 31: the two ends of a district sign-in that are not "signed in".
const DistrictRefusedPage = lazyPage(() =>
  import('./pages/district-sign-in/district-sign-in-pages').then(async (m) => {
    await m.ready;
    return { default: m.DistrictRefusedPage };
  }),
);
const DistrictLinkPage = lazyPage(() =>
  import('./pages/district-sign-in/district-sign-in-pages').then(async (m) => {
    await m.ready;
    return { default: m.DistrictLinkPage };
  }),
);
// Issue 33: "My account" (picture, language, privacy, data, deletion).
const AccountPage = lazyPage(() =>
  import('./pages/account/account-page').then((m) => ({ default: m.AccountPage })),
);
// The module-federation loader is only needed once the user opens a remote area.
const RemotePage = lazyPage(() =>
  import('./federation/remote-page').then((m) => ({ default: m.RemotePage })),
);
const NotFoundPage = lazyPage(() =>
  import('./pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

// While the session is being checked, fetch what a signed-in page needs in parallel.
function preloadSignedIn() {
  AppLayout.preload();
  RemotePage.preload();
}

// The signed-in areas the remotes serve: the path, and the page a remote exposes. Keyed, so each
// has its own loader state.
const SIGNED_IN_AREAS = [
  // /volunteer/check-in is the remote's too (the page a check-in QR code opens, issue 18).
  { path: '/volunteer/*', key: 'volunteer', id: 'mf_volunteer/VolunteerPage' },
  { path: '/directory', key: 'directory', id: 'mf_directory/DirectoryPage' },
  { path: '/blog', key: 'blog', id: 'mf_blog/BlogPage' },
  { path: '/service-hours', key: 'service-hours', id: 'mf_hours/ServiceHoursPage' },
  { path: '/supervisor', key: 'supervisor', id: 'mf_hours/SupervisorPage' },
] as const;

// SPEC §2 route table.
export function AppRoutes() {
  const signIn = (
    <PublicOnlyRoute>
      <AuthPage />
    </PublicOnlyRoute>
  );
  return (
    <Routes>
      <Route path="/auth" element={signIn} />
      <Route path="/login" element={signIn} />
      <Route path="/auth/district" element={<DistrictRefusedPage />} />
      <Route path="/auth/district/link" element={<DistrictLinkPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/guardian-consent/:token" element={<GuardianConsentPage />} />
      {/* Issue 19: anyone handed a record's link or code checks it here, signed in or not. */}
      <Route
        path="/verify/:code"
        element={
          <PublicShell>
            <RemotePage key="verify-record" id="mf_hours/VerifyRecordPage" />
          </PublicShell>
        }
      />
      {/* Issue 19: an organisation's contact confirms a student's hours from a mailed link. */}
      <Route
        path="/confirm-hours/:token"
        element={
          <PublicShell>
            <RemotePage key="confirm-hours" id="mf_hours/ConfirmHoursPage" />
          </PublicShell>
        }
      />
      <Route
        element={
          <ProtectedRoute preload={preloadSignedIn}>
            <AppLayout />
          </ProtectedRoute>
        }
      >
        <Route path="/" element={<HomePage />} />
        <Route path="/account" element={<AccountPage />} />
        {SIGNED_IN_AREAS.map(({ path, key, id }) => (
          <Route key={key} path={path} element={<RemotePage key={key} id={id} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
