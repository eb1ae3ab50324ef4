import * as ui from '@district/ui';
import * as reactQuery from '@tanstack/react-query';
import React from 'react';
import ReactDOM from 'react-dom';
// The router subset (packages/ui/webpack/react-router-dom.ts, aliased by webpack.shared.js).
import * as router from 'react-router-dom';
import * as zustand from 'zustand';

type SingletonName =
  'react' | 'react-dom' | 'react-router-dom' | 'zustand' | '@tanstack/react-query' | '@district/ui';

declare const __FEDERATION_SHARED__: Record<
  SingletonName,
  { version: string; requiredVersion: string }
>;

// The shell's own instances, exactly as a remote's webpack expects a shared module: the
// CommonJS exports object for react and react-dom, the module namespace for ES modules.
const MODULES: Record<SingletonName, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-router-dom': router,
  zustand,
  '@tanstack/react-query': reactQuery,
  '@district/ui': ui,
};

// The share scope the shell offers the remotes (docs/architecture.md "Remotes": one React, one
// router, one store, one query client). Marked loaded: with 'loaded-first' a remote then takes
// these and never instantiates its own fallback copy.
export function sharedModules() {
  return Object.fromEntries(
    (Object.keys(MODULES) as SingletonName[]).map((name) => {
      const { version, requiredVersion } = __FEDERATION_SHARED__[name];
      return [
        name,
        {
          version,
          lib: () => MODULES[name],
          loaded: true,
          shareConfig: { singleton: true, requiredVersion },
        },
      ];
    }),
  );
}
