export { a11yViolations, expectNoA11yViolations, type A11yOptions } from './a11y.ts';
export { linkFrom, readMail, type CapturedMail, type ReadMailOptions } from './mail.ts';
export { runEnv } from './run-env.ts';
export { registerUser, uniqueUser, type NewUser, type RegisteredUser } from './users.ts';
export {
  readKitTokens,
  visualFindings,
  walkTabStops,
  VIEWPORTS,
  type KitTokens,
  type TabStop,
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
  type Localized,
  type TextName,
} from './language.ts';
export {
  forRole,
  openTab,
  SCREENS,
  seededStudent,
  settle,
  SIGNED_IN,
  signedInPage,
  type Role,
  type Screen,
} from './screens.ts';
export {
  brokenWords,
  motionOf,
  reflowFindings,
  resizeText,
  smallTargets,
  type Motion,
} from './reflow.ts';
export {
  currentFocus,
  expectFocusVisible,
  expectNoKeyboardTrap,
  tabTo,
  type Focus,
} from './keyboard.ts';
