import { z } from 'zod';
import { VALIDATION } from '../messages';
import { LANGUAGES } from './language-codes';

export * from './language-codes';

export const languageSchema = z.enum(LANGUAGES, { error: VALIDATION.invalidLanguage });

export const userPreferencesSchema = z.strictObject({ language: languageSchema });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
