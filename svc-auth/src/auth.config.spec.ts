import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseServiceConfig } from '@district/service-kit';
import { authConfigSchema, isSecurePublicUrl } from './auth.config';

const base = {
  PORT: '0',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  DB_SCHEMA: 'auth',
  REDIS_URL: 'redis://127.0.0.1:6379',
  IDENTITY_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://volunteer.example.org',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  AVATAR_DIR: '/var/lib/district/avatars',
};

describe('authConfigSchema', () => {
  it('accepts a complete environment and fills the defaults', () => {
    const config = parseServiceConfig(base, authConfigSchema);
    expect(config.MAIL_FROM).toMatch(/@/);
    expect(config.SEED_ADMIN_USERNAME).toBeUndefined();
  });

  it('reads SCHOOL_NETWORKS as addresses and CIDRs, naming the variable when one is not', () => {
    expect(parseServiceConfig(base, authConfigSchema).SCHOOL_NETWORKS).toEqual([]);
    expect(
      parseServiceConfig(
        { ...base, SCHOOL_NETWORKS: ' 198.51.100.0/24, 2001:db8::/48,203.0.113.7' },
        authConfigSchema,
      ).SCHOOL_NETWORKS,
    ).toEqual(['198.51.100.0/24', '2001:db8::/48', '203.0.113.7']);
    for (const bad of ['school.example.org', '10.0.0.0/33', '10.0.0/8'])
      expect(() => parseServiceConfig({ ...base, SCHOOL_NETWORKS: bad }, authConfigSchema)).toThrow(
        /SCHOOL_NETWORKS must be a comma-separated list of IP addresses or CIDRs/,
      );
  });

  it('lets a classroom of 60 register at once by default, and refuses a zero ceiling', () => {
    const config = parseServiceConfig(base, authConfigSchema);
    expect(config.REGISTRATIONS_PER_MINUTE).toBeGreaterThanOrEqual(60);
    expect(config.REGISTRATIONS_PER_DAY).toBeGreaterThanOrEqual(config.REGISTRATIONS_PER_MINUTE);
    expect(() =>
      parseServiceConfig({ ...base, REGISTRATIONS_PER_MINUTE: '0' }, authConfigSchema),
    ).toThrow(/REGISTRATIONS_PER_MINUTE/);
  });

  it('names each missing variable', () => {
    const { PUBLIC_URL: _a, SMTP_URL: _b, AVATAR_DIR: _c, ...rest } = base;
    try {
      parseServiceConfig(rest, authConfigSchema);
      throw new Error('unreachable');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).problems.join('\n');
      expect(text).toContain('PUBLIC_URL');
      expect(text).toContain('SMTP_URL');
      expect(text).toContain('AVATAR_DIR');
    }
  });

  it('refuses a seed username without its password, and a short seed password', () => {
    expect(() =>
      parseServiceConfig({ ...base, SEED_ADMIN_USERNAME: 'admin' }, authConfigSchema),
    ).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(() =>
      parseServiceConfig(
        { ...base, SEED_ADMIN_USERNAME: 'admin', SEED_ADMIN_PASSWORD: 'short' },
        authConfigSchema,
      ),
    ).toThrow(/SEED_ADMIN_PASSWORD/);
  });

  it('sets Secure cookies exactly for https public URLs', () => {
    expect(isSecurePublicUrl({ PUBLIC_URL: 'https://a.example' })).toBe(true);
    expect(isSecurePublicUrl({ PUBLIC_URL: 'http://localhost:8080' })).toBe(false);
  });
});
