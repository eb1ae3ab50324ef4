import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Same constraint as React.lazy itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type PreloadableComponent<C extends AnyComponent> = LazyExoticComponent<C> & {
  preload: () => void;
};

// React.lazy plus a preload(), so a chunk can start downloading before it is rendered (e.g. the
// signed-in layout while the session is still being checked).
export function lazyPage<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
): PreloadableComponent<C> {
  let pending: Promise<{ default: C }> | undefined;
  const loadOnce = (): Promise<{ default: C }> =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return Object.assign(lazy(loadOnce), { preload: () => void loadOnce() });
}
