import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadRemotesConfig } from './federation/remotes-config';
import './app.css';

// Read the remote config now, in parallel with the first render (plain JSON: the federation
// runtime itself loads only with the first remote area); a failure shows up later, as the
// fallback card of the area the user opens.
loadRemotesConfig().catch((error: unknown) =>
  console.warn('[shell] remote config unavailable', error),
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App />);
