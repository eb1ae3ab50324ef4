import { registerCatalogue, type CatalogueLoader } from '@district/ui';

// Issue 31: the district sign-in's texts are a catalogue of their own, loaded with its button and
// pages, so the sign-in screen's first load (120 kB budget) carries none of them.
const loadCatalogue: CatalogueLoader = (language) =>
  import(/* webpackChunkName: "locale-district-[request]" */ `./locales/${language}.json`);

export const ready = registerCatalogue(loadCatalogue);
