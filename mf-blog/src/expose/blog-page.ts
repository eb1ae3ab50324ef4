// What the shell loads as "mf_blog/BlogPage": the page component, as default and by name, and
// `ready`, which the shell awaits so the page never renders before its texts.
import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';

export { BlogPage as default, BlogPage } from '../pages/blog/blog-page';
export const ready = registerCatalogue(loadCatalogue);
