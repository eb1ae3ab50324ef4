import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { identityHeader } from '@district/service-kit/testing';
import { API_MESSAGES, VALIDATION, type EventPhoto, type Opportunity } from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  supervisor,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

describe('event photos (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;
  let past: Opportunity;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, supervisor, student, otherStudent);
    past = await archived();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function archived(): Promise<Opportunity> {
    const { body } = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody(),
    });
    await app.request('PATCH', `/api/opportunities/${body.id}/status`, {
      as: admin,
      json: { status: 'archived' },
    });
    return body;
  }
  const submit = (id: number, as: TestUser | undefined, body: unknown) =>
    app.request<EventPhoto>('POST', `/api/opportunities/${id}/photos`, { as, json: body });
  const photos = (id: number, as: TestUser) =>
    app.request<EventPhoto[]>('GET', `/api/opportunities/${id}/photos`, { as });
  const review = (id: number, photoId: number, as: TestUser | undefined, status: unknown) =>
    app.request<EventPhoto>('PATCH', `/api/opportunities/${id}/photos/${photoId}/status`, {
      as,
      json: { status },
    });

  describe('POST /api/opportunities/{id}/photos', () => {
    it('takes a photo from any signed-in user as pending, named by the submitter', async () => {
      for (const as of [student, supervisor, admin]) {
        const res = await submit(past.id, as, {
          opportunityId: past.id,
          photoUrl: 'https://photos.example.org/beach.jpg',
          caption: '  Sunset crew  ',
        });
        expect(res.status).toBe(201);
        expect(res.body).toEqual({
          id: expect.any(Number),
          opportunityId: past.id,
          photoUrl: 'https://photos.example.org/beach.jpg',
          caption: 'Sunset crew',
          username: as.name,
          status: 'pending',
          submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
      }
    });

    it.each([
      [
        'javascript: URL',
        { photoUrl: 'javascript:alert(1)', caption: 'x' },
        'photoUrl',
        VALIDATION.invalidPhotoUrl,
      ],
      [
        'data: URL',
        { photoUrl: 'data:image/png;base64,AAAA', caption: 'x' },
        'photoUrl',
        VALIDATION.invalidPhotoUrl,
      ],
      [
        'not a URL',
        { photoUrl: 'beach.jpg', caption: 'x' },
        'photoUrl',
        VALIDATION.invalidPhotoUrl,
      ],
      [
        'ftp URL',
        { photoUrl: 'ftp://example.org/a.jpg', caption: 'x' },
        'photoUrl',
        VALIDATION.invalidPhotoUrl,
      ],
      ['photoUrl missing', { caption: 'x' }, 'photoUrl', VALIDATION.required],
      [
        'caption missing',
        { photoUrl: 'https://example.org/a.jpg' },
        'caption',
        VALIDATION.captionRequired,
      ],
      [
        'caption empty',
        { photoUrl: 'https://example.org/a.jpg', caption: '' },
        'caption',
        VALIDATION.captionRequired,
      ],
      [
        'caption blank',
        { photoUrl: 'https://example.org/a.jpg', caption: '   ' },
        'caption',
        VALIDATION.captionRequired,
      ],
      [
        'caption 201 characters',
        { photoUrl: 'https://example.org/a.jpg', caption: 'c'.repeat(201) },
        'caption',
        VALIDATION.captionTooLong,
      ],
      [
        'unknown field',
        { photoUrl: 'https://example.org/a.jpg', caption: 'x', status: 'approved' },
        'status',
        VALIDATION.unrecognizedField('status'),
      ],
    ])('answers 400 naming the field: %s', async (_case, body, path, message) => {
      const before = await app.sql(`SELECT count(*)::int AS n FROM event_photos`);
      const res = await submit(past.id, student, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message });
      expect((res.body as unknown as { errors: unknown[] }).errors).toContainEqual({
        path,
        message,
      });
      expect(await app.sql(`SELECT count(*)::int AS n FROM event_photos`)).toEqual(before);
    });

    // Issue 15.9: named from the gateway identity before user.registered reaches this service.
    it('names a just-registered submitter, whose replica row is not there yet', async () => {
      const newcomer: TestUser = {
        id: 4646,
        name: 'Pia Photographer',
        school: 'Grand Isle School',
      };
      const res = await submit(past.id, newcomer, {
        photoUrl: 'https://photos.example.org/levee.jpg',
        caption: 'Levee crew',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ username: 'Pia Photographer', status: 'pending' });
      expect((await photos(past.id, newcomer)).body).toEqual(
        expect.arrayContaining([expect.objectContaining({ username: 'Pia Photographer' })]),
      );
    });

    it('accepts a 200-character caption', async () => {
      const res = await submit(past.id, student, {
        photoUrl: 'http://example.org/a.jpg',
        caption: 'c'.repeat(200),
      });
      expect(res.status).toBe(201);
    });

    it('refuses a body naming another opportunity', async () => {
      const res = await submit(past.id, student, {
        opportunityId: past.id + 1000,
        photoUrl: 'https://example.org/a.jpg',
        caption: 'x',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errors: [{ path: 'opportunityId', message: API_MESSAGES.photoOpportunityMismatch }],
      });
    });

    it('refuses photos for an active (future) opportunity with 409', async () => {
      const { body: upcoming } = await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(),
      });
      const res = await submit(upcoming.id, student, {
        photoUrl: 'https://example.org/a.jpg',
        caption: 'x',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, message: API_MESSAGES.photoNotArchived });
    });

    it('answers 401 signed out, 404 unknown opportunity, 400 malformed id', async () => {
      const body = { photoUrl: 'https://example.org/a.jpg', caption: 'x' };
      expect((await submit(past.id, undefined, body)).status).toBe(401);
      const unknown = await submit(987654, student, body);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, message: API_MESSAGES.opportunityNotFound });
      expect(
        (await app.request('POST', '/api/opportunities/abc/photos', { as: student, json: body }))
          .status,
      ).toBe(400);
    });
  });

  describe('visibility and moderation', () => {
    let event: Opportunity;
    let mine: EventPhoto;
    let theirs: EventPhoto;

    beforeAll(async () => {
      event = await archived();
      mine = (
        await submit(event.id, student, {
          photoUrl: 'https://example.org/mine.jpg',
          caption: 'Mine',
        })
      ).body;
      theirs = (
        await submit(event.id, otherStudent, {
          photoUrl: 'https://example.org/theirs.jpg',
          caption: 'Theirs',
        })
      ).body;
    });

    it('shows a pending photo only to its submitter (marked pending) and to admins', async () => {
      expect((await photos(event.id, student)).body).toEqual([
        expect.objectContaining({ id: mine.id, status: 'pending' }),
      ]);
      expect((await photos(event.id, otherStudent)).body).toEqual([
        expect.objectContaining({ id: theirs.id, status: 'pending' }),
      ]);
      // Supervisors are not moderators: nothing pending of others.
      expect((await photos(event.id, supervisor)).body).toEqual([]);
      const asAdmin = await photos(event.id, admin);
      expect(asAdmin.body.map((p) => [p.id, p.status])).toEqual([
        [mine.id, 'pending'],
        [theirs.id, 'pending'],
      ]);
    });

    it('refuses moderation by students and supervisors (403) and signed-out callers (401)', async () => {
      for (const as of [student, supervisor])
        expect((await review(event.id, mine.id, as, 'approved')).status).toBe(403);
      expect((await review(event.id, mine.id, undefined, 'approved')).status).toBe(401);
      expect(await app.sql(`SELECT status FROM event_photos WHERE id = $1`, [mine.id])).toEqual([
        { status: 'pending' },
      ]);
    });

    it('lets an admin approve: then everyone sees it, with caption and submitter', async () => {
      const res = await review(event.id, mine.id, admin, 'approved');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: mine.id,
        status: 'approved',
        caption: 'Mine',
        username: 'Stella Student',
      });
      for (const as of [otherStudent, supervisor]) {
        const list = (await photos(event.id, as)).body;
        expect(list).toContainEqual(
          expect.objectContaining({
            id: mine.id,
            status: 'approved',
            caption: 'Mine',
            username: 'Stella Student',
            photoUrl: 'https://example.org/mine.jpg',
          }),
        );
      }
    });

    it('lets an admin reject: the submitter no longer sees it, admins still do', async () => {
      const res = await review(event.id, theirs.id, admin, 'rejected');
      expect(res.status).toBe(200);
      expect((await photos(event.id, otherStudent)).body.map((p) => p.id)).toEqual([mine.id]);
      expect((await photos(event.id, admin)).body.map((p) => [p.id, p.status])).toEqual([
        [mine.id, 'approved'],
        [theirs.id, 'rejected'],
      ]);
    });

    it('validates the decision and the ids', async () => {
      const bad = await review(event.id, mine.id, admin, 'pending');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        errors: [{ path: 'status', message: VALIDATION.invalidStatus }],
      });
      const missing = await app.request(
        'PATCH',
        `/api/opportunities/${event.id}/photos/${mine.id}/status`,
        {
          as: admin,
          json: {},
        },
      );
      expect(missing.status).toBe(400);
      const unknownPhoto = await review(event.id, 987654, admin, 'approved');
      expect(unknownPhoto.status).toBe(404);
      expect(unknownPhoto.body).toEqual({ statusCode: 404, message: API_MESSAGES.photoNotFound });
      // A photo addressed through another opportunity is not found there.
      const wrongEvent = await review(past.id, mine.id, admin, 'approved');
      expect(wrongEvent.status).toBe(404);
      const unknownEvent = await review(987654, mine.id, admin, 'approved');
      expect(unknownEvent.body).toEqual({
        statusCode: 404,
        message: API_MESSAGES.opportunityNotFound,
      });
      expect((await review(event.id, Number.NaN, admin, 'approved')).status).toBe(400);
    });

    it('GET answers [] when none is visible, 404 unknown, 401 signed out', async () => {
      const empty = await archived();
      expect((await photos(empty.id, student)).body).toEqual([]);
      expect((await photos(987654, student)).status).toBe(404);
      expect((await app.request('GET', `/api/opportunities/${empty.id}/photos`)).status).toBe(401);
    });
  });

  // Issue 33: a photo taken or chosen on the phone, as multipart (`photo` and `caption`).
  describe('uploading a photo file', () => {
    let event: Opportunity;
    beforeAll(async () => {
      event = await archived();
    });

    const photoDir = () => String((app.config as { PHOTO_DIR?: string }).PHOTO_DIR);
    const stored = async () => (await readdir(photoDir())).filter((f) => !f.startsWith('.'));
    const form = (file: Blob | string | null, caption: string | null, field = 'photo') => {
      const body = new FormData();
      if (caption !== null) body.append('caption', caption);
      if (file !== null) body.append(field, file, 'IMG_0001.jpg');
      return body;
    };
    // null: signed out.
    const upload = (body: FormData | string, as: TestUser | null = student, id = event.id) =>
      app.request<EventPhoto>('POST', `/api/opportunities/${id}/photos`, {
        as: as ?? undefined,
        body,
      });
    const jpeg = async (width: number, height: number) =>
      new Blob([
        new Uint8Array(
          await sharp({ create: { width, height, channels: 3, background: '#3b7a57' } })
            .withMetadata({ exif: { IFD0: { Copyright: 'GPS 29.95,-90.07' } } })
            .jpeg()
            .toBuffer(),
        ),
      ]);
    const fetchFile = (url: string, as: TestUser, headers: Record<string, string> = {}) =>
      fetch(`${app.service.url}${url}`, { headers: { ...identityHeader(as), ...headers } });

    it('stores a phone photo re-encoded (WebP, 1600 px at most, no EXIF), pending, served to its submitter and admins until approved', async () => {
      const res = await upload(form(await jpeg(3000, 2000), 'Crew at the levee'));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        opportunityId: event.id,
        caption: 'Crew at the levee',
        status: 'pending',
        username: student.name,
      });
      const url = res.body.photoUrl;
      expect(url).toMatch(
        new RegExp(`^/api/opportunities/${event.id}/photos/${student.id}-[0-9a-f]{16}\\.webp$`),
      );
      const file = url.split('/').pop() as string;
      const meta = await sharp(join(photoDir(), file)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
      expect(meta.exif).toBeUndefined();

      const mine = await fetchFile(url, student);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-type')).toBe('image/webp');
      expect(mine.headers.get('cache-control')).toBe('private, no-cache');
      const served = Buffer.from(await mine.arrayBuffer());
      expect((await sharp(served).metadata()).format).toBe('webp');
      const etag = mine.headers.get('etag') as string;
      expect((await fetchFile(url, student, { 'if-none-match': etag })).status).toBe(304);
      // Pending: not for other students, nor through another opportunity.
      expect((await fetchFile(url, otherStudent)).status).toBe(404);
      expect((await fetchFile(url.replace(`/${event.id}/`, `/${past.id}/`), student)).status).toBe(
        404,
      );
      expect((await fetchFile(url, admin)).status).toBe(200);
      expect((await review(event.id, res.body.id, admin, 'approved')).status).toBe(200);
      expect((await fetchFile(url, otherStudent)).status).toBe(200);
      expect((await photos(event.id, otherStudent)).body).toEqual([
        expect.objectContaining({ photoUrl: url, caption: 'Crew at the levee' }),
      ]);
      expect((await app.request('GET', url)).status).toBe(401);
    });

    it('refuses a file that is not an image, a file over 5 MB and a wrong or missing field with 400 naming `photo`, leaving no file behind', async () => {
      const before = await stored();
      const cases: Array<[FormData, string]> = [
        [
          form(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']), 'x'),
          VALIDATION.avatarNotImage,
        ],
        [form(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), 'x'), VALIDATION.avatarTooLarge],
        [form(await jpeg(20, 20), 'x', 'avatar'), VALIDATION.avatarNotImage],
        [form(null, 'x'), VALIDATION.avatarNotImage],
      ];
      for (const [body, message] of cases) {
        const res = await upload(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message,
          errors: [{ path: 'photo', message }],
        });
      }
      expect(await stored()).toEqual(before);
    });

    it('checks the caption as the JSON call does, and stores nothing then', async () => {
      const before = await stored();
      const res = await upload(form(await jpeg(30, 30), null));
      expect(res.status).toBe(400);
      expect((res.body as unknown as { errors: unknown }).errors).toEqual([
        { path: 'caption', message: VALIDATION.captionRequired },
      ]);
      expect(await stored()).toEqual(before);
    });

    it('answers 401 signed out and 409 for an active opportunity, removing the file it stored', async () => {
      expect((await upload(form(await jpeg(30, 30), 'x'), null)).status).toBe(401);
      const { body: upcoming } = await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(),
      });
      const before = await stored();
      const res = await upload(form(await jpeg(31, 31), 'x'), student, upcoming.id);
      expect(res.status).toBe(409);
      expect(await stored()).toEqual(before);
    });

    it('removes the photo files of a deleted account with its rows', async () => {
      const leaving: TestUser = { id: 77, name: 'Lee Leaving', school: 'Chalmette High School' };
      await app.events.registerUsers(leaving);
      const res = await upload(form(await jpeg(40, 40), 'Mine'), leaving);
      expect(res.status).toBe(201);
      const file = res.body.photoUrl.split('/').pop() as string;
      expect(await stored()).toContain(file);
      await app.events.deliver('user.deleted', { id: leaving.id });
      expect(await stored()).not.toContain(file);
      expect((await stored()).some((f) => f.startsWith(`${student.id}-`))).toBe(true);
    });

    it('keeps taking JSON with a URL on the same call', async () => {
      const res = await submit(event.id, student, {
        photoUrl: 'https://photos.example.org/levee.jpg',
        caption: 'By URL',
      });
      expect(res.status).toBe(201);
      expect(res.body.photoUrl).toBe('https://photos.example.org/levee.jpg');
    });
  });

  // Issue 33: photo submissions cost image work and disk, so they are counted like avatar uploads.
  it('limits submissions per user and minute (RATE_LIMIT_PER_MINUTE), with the RateLimit headers', async () => {
    const limited = await startVolunteerService({ config: { RATE_LIMIT_PER_MINUTE: 2 } });
    try {
      await limited.events.registerUsers(admin, student, otherStudent);
      const { body: event } = await limited.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(),
      });
      await limited.request('PATCH', `/api/opportunities/${event.id}/status`, {
        as: admin,
        json: { status: 'archived' },
      });
      const send = (as: TestUser) =>
        limited.request('POST', `/api/opportunities/${event.id}/photos`, {
          as,
          json: { photoUrl: 'https://photos.example.org/a.jpg', caption: 'Crew' },
        });
      expect((await send(student)).status).toBe(201);
      const second = await send(student);
      expect(second.status).toBe(201);
      expect(second.headers.get('ratelimit-policy')).toBe('2;w=60');
      expect(second.headers.get('ratelimit-remaining')).toBe('0');
      const third = await send(student);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      // Per user: another student is not held back.
      expect((await send(otherStudent)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
