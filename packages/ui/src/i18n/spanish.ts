import { registerSharedMessages, translateMessage } from '@district/contracts';
import { SHARED_MESSAGES_ES } from '@district/contracts/messages-es';

// Loaded with Spanish only (a lazy chunk): the shared catalogue's Spanish and the reverse lookup
// that turns an English shared text (a zod issue checked in the browser) into it. English pages
// never need either, and the sign-in screen's first load stays within its budget.
registerSharedMessages('es', SHARED_MESSAGES_ES);

// Both read from the lazily imported module (i18n.ts), which knip cannot follow: @public.
/** @public */
export const spanishMessages = SHARED_MESSAGES_ES;

/** @public */
export function translateToSpanish(text: string): string {
  return translateMessage(text, 'es');
}
