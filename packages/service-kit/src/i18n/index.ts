export { requestLanguage } from './request-language';
export {
  ServerCatalogue,
  formatDate,
  formatNumber,
  type CatalogueMessages,
  type Values,
} from './server-catalogue';
