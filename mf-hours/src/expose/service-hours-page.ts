// What the shell loads as "mf_hours/ServiceHoursPage": the page component, as default and by name.
import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';
export {
  ServiceHoursPage as default,
  ServiceHoursPage,
} from '../pages/service-hours/service-hours-page';

// The shell awaits this before rendering the page, so no key ever shows.
export const ready = registerCatalogue(loadCatalogue);
