import { describe, expect, it } from '@jest/globals';
import { isSharedMessage, registerSharedMessages, translateMessage } from '@district/contracts';
import { SHARED_MESSAGES_ES } from '@district/contracts/messages-es';
import { GATEWAY_MESSAGES_ES } from '../src/error-messages.ts';
import { NGINX_ERROR_STATUSES, renderGatewayConfig } from '../src/render.ts';

registerSharedMessages('es', SHARED_MESSAGES_ES);

// Issue 22: the gateway keeps its Spanish error texts itself (it renders without contracts);
// a text the shared catalogue also has must read the same in both.
describe('gateway error texts', () => {
  it('has Spanish for every status nginx answers', () => {
    for (const [, , message] of NGINX_ERROR_STATUSES)
      expect(GATEWAY_MESSAGES_ES[message]).toEqual(expect.any(String));
  });

  it('says what the shared catalogue says for the texts both have', () => {
    const shared = Object.keys(GATEWAY_MESSAGES_ES).filter(isSharedMessage);
    // The ones a user most often meets must be among them.
    expect(shared).toEqual(
      expect.arrayContaining([
        'Unauthorized',
        'Too many requests, please try again later',
        'Request body too large',
        'File size must be less than 5MB',
      ]),
    );
    for (const english of shared)
      expect([english, GATEWAY_MESSAGES_ES[english]]).toEqual([
        english,
        translateMessage(english, 'es'),
      ]);
  });

  it('renders each error body in both languages, Spanish only behind $gw_language', () => {
    const { nginxConf } = renderGatewayConfig({
      port: 8080,
      runtimeDir: '/tmp/gateway-render',
      shell: { root: '/srv/shell' },
      remotes: { volunteer: { root: '/srv/volunteer' } },
      upstreams: {
        svc_auth: ['127.0.0.1:3001'],
        svc_volunteer: ['127.0.0.1:3002'],
        svc_content: ['127.0.0.1:3003'],
        svc_hours: ['127.0.0.1:3004'],
      },
    });
    expect(nginxConf).toContain(`return 401 '{"statusCode":401,"message":"Unauthorized"}';`);
    expect(nginxConf).toMatch(
      /if \(\$gw_language = es\) \{\s+return 401 '\{"statusCode":401,"message":"No autorizado"\}';\s+\}/,
    );
    expect(nginxConf).toContain('map $http_accept_language $gw_language {');
  });
});
