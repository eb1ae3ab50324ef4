type SchemasModule = typeof import('./schemas');

let pending: Promise<SchemasModule> | undefined;

export function loadSchemas(): Promise<SchemasModule> {
  pending ??= import('./schemas').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
