// What the shell loads as "mf_hours/SupervisorPage": the page component, as default and by name.
import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';
export { SupervisorPage as default, SupervisorPage } from '../pages/supervisor/supervisor-page';

// The shell awaits this before rendering the page, so no key ever shows.
export const ready = registerCatalogue(loadCatalogue);
