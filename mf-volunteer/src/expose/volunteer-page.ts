import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';

// What the shell loads as "mf_volunteer/VolunteerPage": the page component, as default and by name.
export { VolunteerPage as default, VolunteerPage } from '../pages/volunteer/volunteer-page';
// The shell awaits this before rendering the page, so no key ever shows.
export const ready = registerCatalogue(loadCatalogue);
