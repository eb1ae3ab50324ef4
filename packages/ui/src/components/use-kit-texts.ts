import { LinguiContext } from '@lingui/react';
import { useContext } from 'react';
import { messages } from '../i18n/i18n';

// The kit's own texts (the shared catalogue's `kit` section) in the language in use. Reading
// Lingui's context makes a language switch re-render the component; outside the LanguageProvider
// (a remote's unit test) the context is empty and the texts are still there.
export function useKitTexts() {
  useContext(LinguiContext);
  return messages().kit;
}
