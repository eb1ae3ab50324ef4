// Missing machine tools end the run with one line saying what to install, never a stack trace.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export class MissingPrerequisiteError extends Error {
  override name = 'MissingPrerequisiteError';
}

// sbin folders are searched too: a non-root PATH often lacks them, yet nginx lives there.
const EXTRA_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

export function findExecutable(name: string): string | null {
  if (name.includes('/')) return isExecutable(name) ? name : null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...EXTRA_DIRS].filter(Boolean);
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

export function requireExecutable(name: string, howToInstall: string): string {
  const found = findExecutable(name);
  if (!found) throw new MissingPrerequisiteError(`${name} not found: ${howToInstall}`);
  return found;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// What a command-line entry point prints for an error: one line, a stack only with DEBUG set.
export function reportFatal(error: unknown): void {
  if (error instanceof MissingPrerequisiteError) {
    console.error(error.message);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`error: ${message}`);
  if (process.env.DEBUG && error instanceof Error && error.stack) console.error(error.stack);
}
