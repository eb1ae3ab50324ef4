import { SERVICE_WORKER_PATH } from '@district/contracts';
import { changeLanguage, initialLanguage } from '@district/ui';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadRemotesConfig } from './federation/remotes-config';
// First-load CSS (main.*.css), so every screen, signed in or not, is styled on its first paint.
// The kit's stylesheet is imported here by name: through the '@district/ui' barrel it would land
// wherever webpack keeps the barrel module itself (the lazy federation chunk), because the kit is
// side-effect free and named imports skip the barrel. Order: the shell's rules, then the kit's
// (app.css relies on it, see its header); remotes never ship a copy (webpack.shared.js).
import './app.css';
import '@district/ui/styles.css';

// Read the remote config now, in parallel with the first render (plain JSON: the federation
// runtime itself loads only with the first remote area); a failure shows up later, as the
// fallback card of the area the user opens.
loadRemotesConfig().catch((error: unknown) =>
  console.warn('[shell] remote config unavailable', error),
);

// Issue 34: the service worker (offline screens, check-ins without a signal) registers once the
// page has loaded, so it never competes with the first load; its update notice lives in the
// signed-in layout (src/pwa/update-notice.tsx).
// (Written for bytes: the sign-in screen's first load is at its budget.)
addEventListener('load', () =>
  navigator.serviceWorker?.register(SERVICE_WORKER_PATH).catch(() => undefined),
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const render = () => createRoot(container).render(<App />);
// The saved choice or the browser's language (issue 22): Spanish catalogues load before the first
// paint, so nobody sees English flash first; if they cannot load, the page opens in English.
const language = initialLanguage();
if (language === 'en') render();
else
  void changeLanguage(language)
    .catch(() => undefined)
    .finally(render);
