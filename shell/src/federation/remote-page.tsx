import { Spinner, useT } from '@district/ui';
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { rememberRemote } from '../pwa/deployments';
import { ensureRemotesRegistered, federation } from './federation-host';
import { RemoteRetryContext, RemoteUnavailable } from './remote-unavailable';

// "mf_volunteer/VolunteerPage": remote name and exposed module (docs/architecture.md "Remotes").
export type RemoteId = `${string}/${string}`;

type RemoteModule = { default?: ComponentType; __remoteUnavailable?: boolean } & Record<
  string,
  unknown
>;

async function importRemote(id: RemoteId): Promise<{ default: ComponentType }> {
  // Only now, when the user opens the area, are its manifest and entry fetched.
  const config = await ensureRemotesRegistered();
  const mod = await federation.loadRemote<RemoteModule>(id);
  // Issue 34: which build of the remote this page now runs, to notice a redeployment.
  const entry = config.remotes.find((r) => r.name === id.slice(0, id.indexOf('/')))?.entry;
  if (entry) void rememberRemote(entry);
  const exportName = id.slice(id.indexOf('/') + 1);
  const component = mod?.default ?? (mod?.[exportName] as ComponentType | undefined);
  if (typeof component !== 'function') throw new Error(`Remote module ${id} exports no component`);
  if (mod?.__remoteUnavailable) failed.add(id);
  // The area's catalogue in the language in use (issue 22): its page never shows a key.
  if (mod?.ready instanceof Promise) await mod.ready;
  return { default: component };
}

// One lazy component per remote module, kept across navigations so returning to an area is
// instant. A failed one is only dropped by Retry or when the user leaves the area, never while
// React is still rendering it (dropping it then would start a new load on every render attempt).
const cache = new Map<RemoteId, ComponentType>();
const failed = new Set<RemoteId>();

function remoteComponent(id: RemoteId): ComponentType {
  let component = cache.get(id);
  if (!component) {
    failed.delete(id);
    component = lazy(() =>
      importRemote(id).catch((error: unknown) => {
        failed.add(id);
        throw error;
      }),
    );
    cache.set(id, component);
  }
  return component;
}

function forgetIfFailed(id: RemoteId): void {
  if (failed.has(id)) cache.delete(id);
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

// Catches what the runtime plugin cannot: no remote config, or a remote that throws while rendering.
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('[shell] remote area failed', error);
  }

  override render() {
    return this.state.failed ? (
      <RemoteUnavailable onRetry={this.props.onRetry} />
    ) : (
      this.props.children
    );
  }
}

// Routes render it with key={id}, so one instance serves one remote module.
export function RemotePage({ id }: { id: RemoteId }) {
  // The component lives in state: re-renders of the layout never restart a failed load by
  // themselves; only Retry (or a later visit) does.
  const [state, setState] = useState(() => ({ attempt: 0, Page: remoteComponent(id) }));
  const retry = useCallback(() => {
    forgetIfFailed(id);
    setState((s) => ({ attempt: s.attempt + 1, Page: remoteComponent(id) }));
  }, [id]);
  // Leaving a broken area: the next visit tries again.
  useEffect(() => () => forgetIfFailed(id), [id]);
  const { attempt, Page } = state;
  const { t } = useT();

  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Spinner page label={t('shell.loading.page')} />}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
