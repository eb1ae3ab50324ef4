export { a11yViolations, expectNoA11yViolations } from './a11y.ts';
export { linkFrom, readMail } from './mail.ts';
export { signInAtDistrictProvider } from './district-idp.ts';
export { runEnv } from './run-env.ts';
export { registerUser, uniqueUser, type RegisteredUser } from './users.ts';
export {
  readKitTokens,
  visualFindings,
  walkTabStops,
  VIEWPORTS,
  type ViewportName,
} from './visual.ts';
export {
  expectScreenIn,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  TEXTS,
  textIn,
  useSavedLanguage,
  type Language,
  type TextName,
} from './language.ts';
export { forRole, SCREENS, settle, SIGNED_IN, signedInPage, type Role } from './screens.ts';
export { brokenWords, motionOf, reflowFindings, resizeText, smallTargets } from './reflow.ts';
export { expectFocusVisible, expectNoKeyboardTrap, tabTo } from './keyboard.ts';
