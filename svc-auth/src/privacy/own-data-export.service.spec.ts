import { ServiceUnavailableException } from '@nestjs/common';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { IDENTITY_HEADER, verifyIdentityToken, type Logger } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import type { OwnDataExportRepository } from './own-data-export.repository';
import { OwnDataExportService } from './own-data-export.service';

const SECRET = 'unit-test-identity-secret-of-enough-length';
const profile = { id: 7, username: 'ada', name: 'Ada' } as UserView;

function setup(
  options: {
    sources?: string[];
    consent?: Awaited<ReturnType<OwnDataExportRepository['consent']>>;
  } = {},
) {
  const ownData: jest.Mocked<
    Pick<OwnDataExportRepository, 'consent' | 'hourCredits' | 'auditEntries'>
  > = {
    consent: jest.fn(async () => options.consent ?? null),
    hourCredits: jest.fn(async () => [{ logId: 3, hours: 2.5 }]),
    auditEntries: jest.fn(async () => [{ action: 'user.login' }]),
  };
  const users: jest.Mocked<Pick<UsersRepository, 'findView'>> = {
    findView: jest.fn(async () => profile),
  };
  const logger = { warn: jest.fn() } as unknown as Logger;
  const config = {
    EXPORT_SOURCES: options.sources ?? [],
    IDENTITY_SECRET: SECRET,
  } as unknown as AuthConfig;
  const sut = new OwnDataExportService(
    ownData as unknown as OwnDataExportRepository,
    users as unknown as UsersRepository,
    config,
    logger,
  );
  return { sut };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe(OwnDataExportService.name, () => {
  it("assembles the student's own part and each service's, asked as the student", async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const token = new Headers(init?.headers).get(IDENTITY_HEADER) as string;
      // Each service hands out only this student's rows: never with staff roles.
      expect(verifyIdentityToken(token, SECRET)).toMatchObject({ id: 7, isAdmin: false });
      return Response.json({ service: 'svc-hours', parts: { logs: [] } });
    });
    const { sut } = setup({ sources: ['http://hours.test'] });
    const { username, body } = await sut.export({ id: 7, isAdmin: false, isSupervisor: false });
    expect(username).toBe('ada');
    expect(body).toMatchObject({
      profile,
      hourCredits: [{ logId: 3, hours: 2.5 }],
      auditEntries: [{ action: 'user.login' }],
      consent: { mode: 'school', guardian: null },
      services: { 'svc-hours': { logs: [] } },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports the guardian consent of an account made in guardian mode', async () => {
    const { sut } = setup({
      consent: {
        dateOfBirth: '2015-03-04',
        guardianEmail: 'mum@example.org',
        consentStatus: 'pending',
      },
    });
    const { body } = await sut.export({ id: 7, isAdmin: false, isSupervisor: false });
    expect(body.consent).toEqual({
      mode: 'guardian',
      dateOfBirth: '2015-03-04',
      guardian: { email: 'mum@example.org', status: 'pending' },
    });
  });

  it('refuses (503) rather than sending an export with a part missing', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 502 }));
    const { sut } = setup({ sources: ['http://hours.test'] });
    await expect(sut.export({ id: 7, isAdmin: false, isSupervisor: false })).rejects.toBeInstanceOf(
      ServiceUnavailableException,
    );
  });
});
