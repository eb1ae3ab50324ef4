import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// The variables every service reads (docs/architecture.md, "Services: configuration").
export const baseConfigSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  // Interpolated into SQL (schema-qualified names), so only plain identifiers are accepted.
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier such as "auth"'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }),
  BULLMQ_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, "_" and "-"')
    .default('district'),
  IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters'),
  MIGRATE_ON_START: booleanFlag.default(false),
  // Port of the /metrics listener (Prometheus), apart from PORT so the gateway never publishes it.
  // Unset: no listener and no request metrics (docs/decisions.md "Metrics and traces").
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number')
    .optional(),
  // OpenTelemetry collector (OTLP/HTTP) that receives the spans; unset: no span leaves.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  // Trace context (traceparent → logs, outbox rows, jobs); false only to measure what it costs.
  TRACING: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Peers whose X-Forwarded-For is believed (the gateway): addresses or CIDRs, comma-separated.
  // Anyone else is taken at their socket address, so a client reaching a service directly
  // cannot pick its own address (login throttling keys on it). Default: a gateway on this host.
  TRUSTED_PROXIES: addressListSchema('127.0.0.1,::1'),
});

// A comma-separated list of IP addresses and CIDRs, e.g. TRUSTED_PROXIES, svc-auth's SCHOOL_NETWORKS.
export function addressListSchema(fallback = '') {
  return z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrCidr), {
      message: 'must be a comma-separated list of IP addresses or CIDRs (e.g. 10.0.0.0/8,::1)',
    });
}

export function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export type ServiceConfig = z.output<typeof baseConfigSchema>;

// The default when a service has no variables of its own.
export type NoExtraConfig = z.ZodObject<Record<never, never>>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

function problemsOf(error: z.ZodError, env: Env): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(environment)');
    if (env[name] === undefined || env[name] === '') return `${name} is required but not set`;
    return `${name} ${issue.message}`;
  });
}

// Pure variant (throws ConfigError) so tests and scripts can use it without exiting.
export function parseServiceConfig<S extends z.ZodObject = NoExtraConfig>(
  env: Env,
  extra?: S,
): ServiceConfig & z.output<S> {
  // Empty strings count as unset, so `FOO=` in a shell file falls back to the default.
  const cleaned: Env = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const problems: string[] = [];
  const base = baseConfigSchema.safeParse(cleaned);
  if (!base.success) problems.push(...problemsOf(base.error, env));
  const more = extra?.safeParse(cleaned);
  if (more && !more.success) problems.push(...problemsOf(more.error, env));
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...(more?.data as object), ...base.data } as ServiceConfig & z.output<S>;
}

// Reads process.env; on a bad environment prints one line per problem (no stack trace) and exits.
export function loadServiceConfig<S extends z.ZodObject = NoExtraConfig>(
  extra?: S,
): ServiceConfig & z.output<S> {
  try {
    return parseServiceConfig(process.env, extra);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
