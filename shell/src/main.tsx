import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ensureRemotesRegistered } from './federation/remotes-config';
import './app.css';

// Read the remote config now, in parallel with the first render; a failure shows up later, as
// the fallback card of the area the user opens.
ensureRemotesRegistered().catch((error: unknown) =>
  console.warn('[shell] remote config unavailable', error),
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
