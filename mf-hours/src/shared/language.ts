import { currentLanguage } from '@district/ui';

// The language the server answers in (messages, record texts), for this area's direct fetch calls
// (apiRequest sends it itself). On the public pages it is what the shell took from the browser.
export const languageHeader = () => ({ 'Accept-Language': currentLanguage() });
