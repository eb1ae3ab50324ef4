// What the shell loads as "mf_hours/ConfirmHoursPage": the organisation's confirmation (issue 19).
import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';
export {
  ConfirmHoursPage as default,
  ConfirmHoursPage,
} from '../pages/confirm-hours/confirm-hours-page';

// The shell awaits this before rendering the page, so no key ever shows.
export const ready = registerCatalogue(loadCatalogue);
