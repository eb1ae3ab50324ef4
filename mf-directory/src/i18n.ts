import type { CatalogueLoader } from '@district/ui';

// This area's texts (src/locales/<language>.json), fetched for the language in use only.
export const loadCatalogue: CatalogueLoader = (language) =>
  import(/* webpackChunkName: "locale-[request]" */ `./locales/${language}.json`);
