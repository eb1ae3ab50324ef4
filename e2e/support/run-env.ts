// What the global setup handed to the workers about this run.
function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the suite with playwright.config.ts (its global setup starts the platform)`,
    );
  return value;
}

export const runEnv = {
  get baseUrl(): string {
    return required('E2E_BASE_URL');
  },
  get runId(): string {
    return required('E2E_RUN_ID');
  },
  get mailDir(): string {
    return required('E2E_MAIL_DIR');
  },
  get admin(): { username: string; password: string } {
    return { username: required('E2E_ADMIN_USERNAME'), password: required('E2E_ADMIN_PASSWORD') };
  },
  get supervisor(): { username: string; password: string } {
    return {
      username: required('E2E_SUPERVISOR_USERNAME'),
      password: required('E2E_SUPERVISOR_PASSWORD'),
    };
  },
};
