import { describe, expect, it } from '@jest/globals';
import { API_ROUTES, apiPaths } from './api-paths';
import { APP_ROUTES, resetPasswordUrl } from './app-routes';

describe('apiPaths', () => {
  it('builds the spec paths', () => {
    expect(apiPaths.opportunitySignups(4)).toBe('/api/opportunities/4/signups');
    expect(apiPaths.opportunitySignup(4)).toBe('/api/opportunities/4/signup');
    expect(apiPaths.opportunityPhotos(4)).toBe('/api/opportunities/4/photos');
    expect(apiPaths.opportunityPhotoStatus(4, 9)).toBe('/api/opportunities/4/photos/9/status');
    expect(apiPaths.opportunitiesByStatus('archived')).toBe('/api/opportunities?status=archived');
    expect(apiPaths.userSchool(2)).toBe('/api/users/2/school');
    expect(apiPaths.userRoles(2)).toBe('/api/users/2/roles');
    expect(apiPaths.blogPostStatus(5)).toBe('/api/blog-posts/5/status');
    expect(apiPaths.serviceHoursStatus(6)).toBe('/api/service-hours/6/status');
    expect(apiPaths.passwordReset).toBe('/api/password-reset/reset');
  });

  it('escapes path segments', () => {
    expect(apiPaths.userById('../x')).toBe('/api/users/..%2Fx');
  });

  it('keeps every route under /api with a :param pattern matching its builder', () => {
    for (const route of Object.values(API_ROUTES))
      expect(route.path.startsWith('/api/')).toBe(true);
    expect(API_ROUTES.changePhotoStatus.path.replace(':id', '4').replace(':photoId', '9')).toBe(
      apiPaths.opportunityPhotoStatus(4, 9),
    );
  });
});

describe('APP_ROUTES', () => {
  it('builds the reset link', () => {
    expect(resetPasswordUrl('a b')).toBe('/reset-password?token=a%20b');
    expect(APP_ROUTES.serviceHours).toBe('/service-hours');
  });
});
