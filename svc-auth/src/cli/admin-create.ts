import 'reflect-metadata';
import { authDatabaseFromEnv } from './auth-database';
import { passwordSchema } from '@district/contracts';
import { runMigrations } from '@district/service-kit';
import { ADMIN_CREATE_USAGE, parseAdminCreateArgs } from './admin-create-args';
import { createAdmin } from './create-admin';
import { readPassword } from './read-password';

// `npm run admin:create -- --username …` against svc-auth's database (DATABASE_URL, DB_SCHEMA).
async function main(): Promise<number> {
  const account = parseAdminCreateArgs(process.argv.slice(2));
  if (typeof account === 'string') {
    process.stderr.write(`${account}\n${ADMIN_CREATE_USAGE}\n`);
    return 2;
  }
  const dataSource = authDatabaseFromEnv();
  if (!dataSource) return 2;
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const result = await createAdmin(dataSource, account, async () => {
      const password = await readPassword();
      const checked = passwordSchema.safeParse(password);
      if (!checked.success) throw new Error(checked.error.issues[0].message);
      return checked.data;
    });
    const { user } = result;
    const line = {
      created: `Created admin "${user.username}" (id ${user.id})`,
      promoted: `"${user.username}" (id ${user.id}) is now an admin`,
      unchanged: `"${user.username}" (id ${user.id}) is already an admin; nothing changed`,
    }[result.kind];
    process.stdout.write(`${line}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(
      `admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

void main().then((code) => {
  process.exitCode = code;
});
