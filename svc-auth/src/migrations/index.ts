import { CreateAuthTables1763740800000 } from './1763740800000-create-auth-tables';

// Listed explicitly (not globbed) so the same list works from TypeScript source and from dist/.
export const AUTH_MIGRATIONS = [CreateAuthTables1763740800000];
