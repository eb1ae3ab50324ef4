import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Second of the three layers against a broken remote (the retry lives in the fallback card, the
// third layer is RemotePage's error boundary): when a remote's manifest, entry or module cannot
// be loaded, loadRemote resolves to a module whose component is the fallback card, so a page that
// is down renders a card inside the normal layout instead of failing.
// React is imported lazily: this plugin runs before the shared modules are initialised.
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'district-remote-fallback',
    async errorLoadRemote(args) {
      // Other lifecycles expect a manifest or request arguments back, never a component.
      if (args.lifecycle !== 'onLoad') return undefined;
      console.warn(`[shell] remote "${args.id}" could not be loaded`, args.error);
      const { RemoteUnavailable } = await import('./remote-unavailable');
      return { default: RemoteUnavailable, __remoteUnavailable: true };
    },
  };
}
