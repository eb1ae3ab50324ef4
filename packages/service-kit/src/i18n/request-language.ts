import Negotiator from 'negotiator';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  registerSharedMessages,
  type Language,
} from '@district/contracts';
import { SHARED_MESSAGES_ES } from '@district/contracts/messages-es';

// Services answer in every language, so they hold every shared catalogue.
registerSharedMessages('es', SHARED_MESSAGES_ES);

// The request's language (issue 22): Accept-Language as the browser or the shell sends it
// (the shell sends the user's choice), negotiated the way HTTP says (q-values, "es-MX" → es).
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const header = headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...LANGUAGES]);
  return (best as Language | undefined) ?? DEFAULT_LANGUAGE;
}
