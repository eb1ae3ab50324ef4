import { i18n, registerCatalogue, type CatalogueLoader } from '@district/ui';
import en from './locales/en.json';

// The shell's English is part of the first load (the sign-in screen must not wait for a second
// request); Spanish is fetched only when it is chosen. webpack compiles the JSON
// (packages/ui/webpack/lingui-catalogue-loader.js); jest imports it raw and compiles on use.
i18n.load('en', en);

const loadCatalogue: CatalogueLoader = (language) =>
  language === 'en'
    ? Promise.resolve(en)
    : import(/* webpackChunkName: "locale-shell-[request]" */ `./locales/${language}.json`);

// Registered when the app module loads, so main.tsx's first changeLanguage (and every later
// switch) fetches the shell's catalogue along with the remotes'.
void registerCatalogue(loadCatalogue);
