import { describe, expect, it } from '@jest/globals';
import type { GatewayOptions } from '../src/gateway-options.type.ts';
import { DEFAULT_CONTENT_SECURITY_POLICY, renderGatewayConfig } from '../src/render.ts';

const base: GatewayOptions = {
  port: 8080,
  runtimeDir: '/var/run/gateway',
  upstreams: {
    svc_auth: ['svc-auth:3000'],
    svc_volunteer: ['svc-volunteer-1:3000', 'svc-volunteer-2:3000'],
    svc_content: ['10.0.0.7:3000'],
    svc_hours: ['[::1]:3000'],
  },
  shell: { root: '/srv/shell' },
  remotes: { volunteer: { root: '/srv/mf-volunteer/' }, 'mf-extra': { upstream: 'mf-extra:80' } },
};

/** location blocks of the generated config: `location <match> {` up to its closing brace. */
function locations(conf: string): Map<string, string> {
  const found = new Map<string, string>();
  const lines = conf.split('\n');
  lines.forEach((line, index) => {
    const open = /^(\s*)location\s+(.+?)\s*\{$/.exec(line);
    if (!open) return;
    const end = lines.findIndex((l, i) => i > index && l === `${open[1]}}`);
    found.set(open[2], lines.slice(index + 1, end).join('\n'));
  });
  return found;
}

describe(renderGatewayConfig.name, () => {
  it('gives the same text for the same options', () => {
    expect(renderGatewayConfig(base)).toEqual(renderGatewayConfig(structuredClone(base)));
  });

  it('sets X-Identity in every location that proxies: verified on protected ones, empty on public ones', () => {
    const { nginxConf } = renderGatewayConfig(base);
    const proxying = [...locations(nginxConf)].filter(([, body]) => /^\s*proxy_pass /m.test(body));

    // 37 /api routes (3 of them the published contract and its page, 2 the calendar feed's, 2
    // the service records, 1 the hour goals, 4 issue 20's privacy, 3 its guardian consent, 1 the
    // hour confirmations, 1 issue 22's preferences, 3 issue 31's join codes, rosters and district
    // sign-in, 1 issue 33's event photo upload), the auth subrequest and the remote served from
    // its container.
    expect(proxying).toHaveLength(39);
    for (const [, body] of proxying) {
      const identity = body.match(/^\s*proxy_set_header X-Identity (.+);$/gm) ?? [];
      expect(identity).toHaveLength(1);
      if (body.includes('auth_request /_auth;')) {
        expect(identity[0]).toContain('$identity');
        expect(body).toContain('auth_request_set $identity $upstream_http_x_identity;');
      } else {
        expect(identity[0]).toContain('""');
      }
    }
  });

  it('protects exactly the routes the architecture lists as signed-in', () => {
    const all = locations(renderGatewayConfig(base).nginxConf);
    const isProtected = (match: string) => all.get(match)?.includes('auth_request /_auth;');

    for (const match of [
      '= /api/register',
      '= /api/login',
      '= /api/logout',
      '= /api/user',
      '/api/password-reset/',
      '/api/avatars/',
      '= /api/openapi.json',
      '= /api/docs',
      '/api/docs/',
      '/api/calendar/feed/',
      '/api/service-records/',
      '/api/hour-confirmations/',
      '= /api/register/options',
      '/api/guardian-consent/',
    ]) {
      expect(isProtected(match)).toBe(false);
    }
    for (const match of [
      '= /api/user/avatar',
      '= /api/user/privacy',
      '= /api/user/preferences',
      '= /api/user/export',
      '= /api/user/delete',
      '/api/privacy/',
      '/api/directory',
      '/api/users/',
      '/api/backup/',
      '/api/admin/consents',
      '/api/admin/join-codes',
      '= /api/admin/rosters',
      '/api/audit',
      '/api/opportunities',
      '~ ^/api/opportunities/[^/]+/photos$',
      '/api/blog-posts',
      '/api/notifications',
      '/api/notifications/stream',
      '/api/service-hours',
      '= /api/calendar/feed',
      '= /api/service-records',
    ]) {
      expect(isProtected(match)).toBe(true);
    }
  });

  it('keeps upstream connections alive for every upstream, each replica listed', () => {
    const { nginxConf } = renderGatewayConfig(base);
    const upstreams = [...nginxConf.matchAll(/upstream (\w+) \{([\s\S]*?)\n {4}\}/g)];

    expect(upstreams.map((m) => m[1])).toEqual([
      'svc_auth',
      'svc_volunteer',
      'svc_content',
      'svc_hours',
      'static_mf_mf_extra',
    ]);
    for (const [, , body] of upstreams) {
      // Pools sized for a burst of 200 sign-ups at once, and idle connections closed by nginx
      // before the services' own 75 s keep-alive timeout (service-kit) can close them under it.
      expect(Number(/keepalive (\d+);/.exec(body as string)?.[1])).toBeGreaterThanOrEqual(200);
      expect(Number(/keepalive_timeout (\d+)s;/.exec(body as string)?.[1])).toBeLessThan(75);
    }
    expect(nginxConf).toContain('server svc-volunteer-1:3000 max_fails=1 fail_timeout=2s;');
    expect(nginxConf).toContain('server svc-volunteer-2:3000 max_fails=1 fail_timeout=2s;');
    expect(nginxConf).toContain('server [::1]:3000 max_fails=1 fail_timeout=2s;');
    expect(nginxConf).toMatch(/proxy_http_version 1\.1;/);
    expect(nginxConf).not.toContain(' resolve;');
  });

  it('re-resolves container names at run time when a resolver is given', () => {
    const { nginxConf } = renderGatewayConfig({ ...base, resolver: '127.0.0.11' });

    expect(nginxConf).toContain('resolver 127.0.0.11 valid=10s;');
    expect(nginxConf).toContain('server svc-auth:3000 max_fails=1 fail_timeout=2s resolve;');
    expect(nginxConf).toContain('zone svc_auth 64k;');
  });

  it('keeps everything nginx writes inside the runtime dir', () => {
    const { nginxConf } = renderGatewayConfig(base);

    expect(nginxConf).toContain('pid /var/run/gateway/nginx.pid;');
    expect(nginxConf).toContain('error_log /var/run/gateway/logs/error.log warn;');
    expect(nginxConf).toContain('access_log /var/run/gateway/logs/access.log gateway_json');
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      expect(nginxConf).toContain(`${temp}_temp_path /var/run/gateway/tmp/`);
    }
    expect(nginxConf).toContain('daemon off;');
    expect(nginxConf).not.toMatch(/^user /m);
  });

  it('logs to the container streams when asked', () => {
    const { nginxConf } = renderGatewayConfig({
      ...base,
      accessLog: '/dev/stdout',
      errorLog: 'stderr',
      user: 'nginx',
    });

    expect(nginxConf).toContain('access_log /dev/stdout gateway_json;');
    expect(nginxConf).toContain('error_log stderr warn;');
    expect(nginxConf).toMatch(/^user nginx;$/m);
  });

  it('serves remotes from disk or from their container, under /mf/<name>/', () => {
    const all = locations(renderGatewayConfig(base).nginxConf);

    expect(all.get('^~ /mf/volunteer/')).toContain('alias /srv/mf-volunteer/;');
    expect(all.get('^~ /mf/mf-extra/')).toContain('proxy_pass http://static_mf_mf_extra/;');
    expect(all.get('/')).toContain('root /srv/shell;');
  });

  it('derives the runtime remote config from the remotes', () => {
    expect(JSON.parse(renderGatewayConfig(base).remotesJson)).toEqual({
      remotes: [
        { name: 'mf_volunteer', entry: '/mf/volunteer/mf-manifest.json' },
        { name: 'mf_mf_extra', entry: '/mf/mf-extra/mf-manifest.json' },
      ],
    });
  });

  it('adds HSTS and the public scheme behind TLS, and trusts only the listed proxies', () => {
    const { nginxConf } = renderGatewayConfig({
      ...base,
      publicUrl: 'https://volunteer.district.org',
      trustedProxies: ['10.0.0.0/8'],
    });

    expect(nginxConf).toContain('add_header Strict-Transport-Security "max-age=31536000" always;');
    expect(nginxConf).toContain('proxy_set_header X-Forwarded-Proto https;');
    expect(nginxConf).toContain('server_name volunteer.district.org;');
    expect(nginxConf).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(renderGatewayConfig(base).nginxConf).not.toContain(
      'add_header Strict-Transport-Security',
    );
  });

  it('accepts writes only from the public URL’s origin (path and trailing slash dropped)', () => {
    const { nginxConf } = renderGatewayConfig({
      ...base,
      publicUrl: 'https://Volunteer.District.org/app/',
    });
    expect(nginxConf).toMatch(
      /map \$http_origin \$gw_foreign_origin \{\s+"" 0;\s+"https:\/\/volunteer\.district\.org" 0;\s+default 1;/,
    );
  });

  it('has a location for every error page it names, at every level', () => {
    const { nginxConf } = renderGatewayConfig(base);
    const found = locations(nginxConf);
    const targets = [...nginxConf.matchAll(/error_page \d+ = (\S+);/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(30);
    for (const target of new Set(targets)) {
      if (target === '$gw_413_page') continue; // a map of /_gateway/error/413/{avatar,1,0}
      if (target.startsWith('@')) expect(found.has(target)).toBe(true);
      else if (target.endsWith('/$gw_api_request'))
        for (const api of ['0', '1'])
          expect(found.has(`= ${target.replace('$gw_api_request', api)}`)).toBe(true);
      else if (target !== '/index.html') throw new Error(`unexpected error page ${target}`);
    }
    for (const page of ['avatar', '1', '0'])
      expect(found.has(`= /_gateway/error/413/${page}`)).toBe(true);
  });

  it('sends every status nginx produces to a JSON page for /api and nginx’s own elsewhere', () => {
    const found = locations(renderGatewayConfig(base).nginxConf);
    for (const code of [
      400, 403, 404, 405, 408, 411, 413, 414, 415, 494, 500, 501, 502, 503, 504, 505,
    ]) {
      expect(found.get(`= /_gateway/error/${code}/1`)).toMatch(
        /internal;[\s\S]*return \d{3} '\{"statusCode":/,
      );
      expect(found.get(`= /_gateway/error/${code}/0`)).toContain(`return ${code};`);
    }
  });

  it('sends the content security policy on every answer', () => {
    const { nginxConf } = renderGatewayConfig(base);

    expect(nginxConf).toContain(
      `add_header Content-Security-Policy "${DEFAULT_CONTENT_SECURITY_POLICY}" always;`,
    );
    expect(nginxConf).toContain('server_tokens off;');
  });

  it.each<[string, Partial<GatewayOptions>, RegExp]>([
    [
      'a relative static root',
      { shell: { root: 'shell/dist' } },
      /shell\.root: expected an absolute path/,
    ],
    [
      'a directive smuggled into an address',
      { upstreams: { ...base.upstreams, svc_auth: ['127.0.0.1:80; evil on'] } },
      /upstreams\.svc_auth: not a host:port/,
    ],
    [
      'a service without replicas',
      { upstreams: { ...base.upstreams, svc_hours: [] } },
      /upstreams\.svc_hours: at least one/,
    ],
    ['a port out of range', { port: 70000 }, /port: expected 1-65535/],
    ['a variable in a path', { runtimeDir: '/tmp/$host' }, /runtimeDir/],
    [
      'a remote with neither root nor upstream',
      { remotes: { blog: {} as never } },
      /remotes\.blog: expected \{ root \} or \{ upstream \}/,
    ],
    [
      'a bad module federation name',
      { remotesConfig: [{ name: 'mf-blog', entry: '/x' }] },
      /remotesConfig\[0\]\.name/,
    ],
    [
      'a relative manifest entry',
      { remotesConfig: [{ name: 'mf_blog', entry: 'mf/blog.json' }] },
      /remotesConfig\[0\]\.entry/,
    ],
    [
      'a quote in the CSP',
      { contentSecurityPolicy: `default-src "self"` },
      /contentSecurityPolicy/,
    ],
  ])('refuses %s with a message naming the option', (_case, change, message) => {
    expect(() => renderGatewayConfig({ ...base, ...change })).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(() => renderGatewayConfig({ ...base, port: 0, shell: { root: 'x' } })).toThrow(
      /port[\s\S]*shell\.root/,
    );
  });
});
