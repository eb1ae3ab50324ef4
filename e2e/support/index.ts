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
