// Web suites: testing-library's find*/waitFor wait up to 5 s instead of 1 s, since jest loads
// (and on a cold cache compiles) a lazy route's modules on first use, and CI machines are shared.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { configure } from '@testing-library/react';
import { i18n } from './packages/ui/src/i18n/i18n';

configure({ asyncUtilTimeout: 5_000 });

// Catalogues are compiled at build time for the browser (packages/ui/webpack); in jest the raw
// JSON is imported, so Lingui compiles on use. Tests start in English.
i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: {} });
