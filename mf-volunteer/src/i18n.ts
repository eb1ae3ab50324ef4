import type { CatalogueLoader } from '@district/ui';

// This area's texts (issue 22): only the language in use is fetched, as its own chunk.
export const loadCatalogue: CatalogueLoader = (language) =>
  import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`);
