type SchemasModule = typeof import('./schemas');

let pending: Promise<SchemasModule> | undefined;

export function loadSchemas(): Promise<SchemasModule> {
  pending ??= import('./schemas').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

// For onFocus/onPointerDown: by the time the user submits, validation is ready.
export function preloadSchemas(): void {
  loadSchemas().catch(() => {
    // A failed preload is retried by the submit that needs it.
  });
}
