import type { CatalogueLoader } from '@district/ui';

// mf-hours' own texts (hours.*), fetched per language; webpack compiles them at build time.
export const loadCatalogue: CatalogueLoader = (language) =>
  import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`);
