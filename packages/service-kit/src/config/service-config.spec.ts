import { describe, expect, it, jest } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, loadServiceConfig, parseServiceConfig } from './service-config';

const valid = {
  PORT: '3001',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/district',
  DB_SCHEMA: 'auth',
  REDIS_URL: 'redis://127.0.0.1:6379',
  IDENTITY_SECRET: 'x'.repeat(32),
};

describe(parseServiceConfig.name, () => {
  it('parses the common variables and fills the documented defaults', () => {
    expect(parseServiceConfig(valid)).toEqual({
      ...valid,
      PORT: 3001,
      HOST: '127.0.0.1',
      BULLMQ_PREFIX: 'district',
      MIGRATE_ON_START: false,
      LOG_LEVEL: 'info',
      TRACING: true,
      TRUSTED_PROXIES: ['127.0.0.1', '::1'],
    });
    expect(parseServiceConfig({ ...valid, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(parseServiceConfig({ ...valid, MIGRATE_ON_START: 'true' }).MIGRATE_ON_START).toBe(true);
  });

  it('reads TRUSTED_PROXIES as a list of addresses and CIDRs, refusing anything else', () => {
    expect(
      parseServiceConfig({ ...valid, TRUSTED_PROXIES: ' 10.0.0.0/8, fd00::/8 ,172.18.0.5' })
        .TRUSTED_PROXIES,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '172.18.0.5']);
    for (const bad of ['gateway', '10.0.0.0/33', '10.0.0.0/8/1', '*'])
      expect(() => parseServiceConfig({ ...valid, TRUSTED_PROXIES: bad })).toThrow(
        /TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDRs/,
      );
  });

  it('names every missing or wrong variable on its own line', () => {
    const env = {
      ...valid,
      PORT: 'eighty',
      IDENTITY_SECRET: 'short',
      DB_SCHEMA: undefined,
      MIGRATE_ON_START: 'maybe',
    };
    let problems: string[] = [];
    try {
      parseServiceConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be a port number',
        'IDENTITY_SECRET must be at least 32 characters',
        'DB_SCHEMA is required but not set',
        'MIGRATE_ON_START must be true or false',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('validates a service’s extra variables together with the common ones', () => {
    const extra = z.object({
      SMTP_URL: z.url({ error: 'must be a URL' }),
      MAIL_FROM: z.string().default('noreply@x'),
    });
    const config = parseServiceConfig({ ...valid, SMTP_URL: 'smtp://127.0.0.1:2525' }, extra);
    expect(config.SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(config.MAIL_FROM).toBe('noreply@x');
    expect(() => parseServiceConfig({ ...valid, DATABASE_URL: 'mysql://x' }, extra)).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL\nSMTP_URL is required but not set/,
    );
  });
});

describe(loadServiceConfig.name, () => {
  it('prints one line per problem and exits 1 instead of throwing a stack trace', () => {
    const saved = { ...process.env };
    const written: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    try {
      for (const key of Object.keys(valid)) delete process.env[key];
      Object.assign(process.env, { ...valid, REDIS_URL: undefined });
      delete process.env.REDIS_URL;
      expect(() => loadServiceConfig()).toThrow('exit 1');
      expect(written.join('')).toBe('Invalid configuration:\nREDIS_URL is required but not set\n');
    } finally {
      write.mockRestore();
      exit.mockRestore();
      process.env = saved;
    }
  });
});
