export {
  i18n,
  changeLanguage,
  currentLanguage,
  initialLanguage,
  messages,
  registerCatalogue,
  savedLanguage,
  translate,
  type CatalogueLoader,
  type CatalogueModule,
} from './i18n';
export { formatDate, formatNumber, locale } from './format';
export { LanguageProvider, Trans, useT } from './react';
