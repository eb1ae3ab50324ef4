// What the shell loads as "mf_hours/VerifyRecordPage": the public record check (issue 19).
import { registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../i18n';
export {
  VerifyRecordPage as default,
  VerifyRecordPage,
} from '../pages/verify-record/verify-record-page';

// The shell awaits this before rendering the page, so no key ever shows.
export const ready = registerCatalogue(loadCatalogue);
