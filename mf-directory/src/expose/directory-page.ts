// What the shell loads as "mf_directory/DirectoryPage": the page component, as default and by
// name, and `ready`, which the shell awaits so the page never renders before its texts.
import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';

export { DirectoryPage as default, DirectoryPage } from '../pages/directory/directory-page';
export const ready = registerCatalogue(loadCatalogue);
