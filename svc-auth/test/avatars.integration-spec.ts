import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityHeader } from '@district/service-kit/testing';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';

let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService();
});

afterAll(async () => {
  await h?.close();
});

async function newUser() {
  const res = await h.request('POST', '/api/register', { json: registration() });
  return { id: res.body.id as number, sid: res.sid! };
}

function form(bytes: Buffer, filename: string, type: string, field = 'avatar'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

function upload(userId: number | null, body: FormData) {
  return h.request('PATCH', '/api/user/avatar', {
    body,
    headers: userId === null ? {} : identityHeader({ id: userId }),
  });
}

async function outboxFor(type: string, userId: number) {
  return (await h.db.query(
    `SELECT payload FROM auth.outbox WHERE type = $1 AND (payload->>'id')::int = $2 ORDER BY seq`,
    [type, userId],
  )) as Array<{ payload: Record<string, unknown> }>;
}

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe('PATCH /api/user/avatar', () => {
  it('turns a PNG into a 256×256 WebP, serves it with a year of caching, and tells the other services', async () => {
    const user = await newUser();
    const res = await upload(user.id, form(await png(), 'me.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toMatch(new RegExp(`^/api/avatars/${user.id}-[0-9a-f]{16}\\.webp$`));

    const me = await h.request('GET', '/api/user', { sid: user.sid });
    expect(me.body.avatarUrl).toBe(res.body.avatarUrl);

    const image = await fetch(`${h.service.url}${res.body.avatarUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const events = await outboxFor('user.updated', user.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({
      id: user.id,
      name: 'Ada Student',
      school: 'Jesuit High School',
      grade: 10,
      avatarUrl: res.body.avatarUrl,
      isAdmin: false,
      isSupervisor: false,
      directoryVisible: true,
      language: 'en',
      restricted: false,
      active: true,
    });
  });

  it('accepts a JPEG whatever type the browser declared, and strips its metadata', async () => {
    const user = await newUser();
    const jpeg = await sharp({
      create: { width: 300, height: 900, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(user.id, form(jpeg, 'photo.bin', 'application/octet-stream'));
    expect(res.status).toBe(200);
    const bytes = Buffer.from(
      await (await fetch(`${h.service.url}${res.body.avatarUrl}`)).arrayBuffer(),
    );
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('replaces the previous picture: new URL, old file gone', async () => {
    const user = await newUser();
    const first = await upload(user.id, form(await png(), 'a.png', 'image/png'));
    const other = await sharp({
      create: { width: 50, height: 50, channels: 3, background: '#00ff00' },
    })
      .png()
      .toBuffer();
    const second = await upload(user.id, form(other, 'b.png', 'image/png'));
    expect(second.status).toBe(200);
    expect(second.body.avatarUrl).not.toBe(first.body.avatarUrl);
    expect((await fetch(`${h.service.url}${first.body.avatarUrl}`)).status).toBe(404);
    expect((await fetch(`${h.service.url}${second.body.avatarUrl}`)).status).toBe(200);
    const files = (await readdir(h.avatarDir)).filter((f) => f.startsWith(`${user.id}-`));
    expect(files).toEqual([second.body.avatarUrl.split('/').pop()]);
  });

  it('refuses a 6 MB file with the spec message and changes nothing', async () => {
    const user = await newUser();
    const big = Buffer.alloc(6 * 1024 * 1024, 0x41);
    const res = await upload(user.id, form(big, 'huge.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'File size must be less than 5MB',
      errors: [{ path: 'avatar', message: 'File size must be less than 5MB' }],
    });
    expect((await h.request('GET', '/api/user', { sid: user.sid })).body.avatarUrl).toBeNull();
    expect(await outboxFor('user.updated', user.id)).toHaveLength(0);
  });

  it('stops reading a file just over 5 MB even when the declared length looks acceptable', async () => {
    const user = await newUser();
    // A real PNG header followed by padding: only the size can refuse it.
    const head = await png();
    const body = Buffer.concat([head, Buffer.alloc(5 * 1024 * 1024 + 100 - head.length, 0)]);
    const res = await upload(user.id, form(body, 'just-over.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File size must be less than 5MB');
  });

  it('refuses a text file renamed .png with the spec message', async () => {
    const user = await newUser();
    const res = await upload(
      user.id,
      form(Buffer.from('this is not a picture\n'.repeat(50)), 'notes.png', 'image/png'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'Please select an image file',
      errors: [{ path: 'avatar', message: 'Please select an image file' }],
    });
    expect((await h.request('GET', '/api/user', { sid: user.sid })).body.avatarUrl).toBeNull();
  });

  it('refuses an SVG (a text document, not a picture we rasterise) and a truncated PNG', async () => {
    const user = await newUser();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await upload(user.id, form(svg, 'x.svg', 'image/svg+xml'))).body.message).toBe(
      'Please select an image file',
    );
    const truncated = (await png()).subarray(0, 200);
    expect((await upload(user.id, form(truncated, 'cut.png', 'image/png'))).body.message).toBe(
      'Please select an image file',
    );
  });

  it('needs the file in the `avatar` field of a multipart form', async () => {
    const user = await newUser();
    const wrongField = await upload(user.id, form(await png(), 'me.png', 'image/png', 'picture'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors).toEqual([
      { path: 'avatar', message: 'Please select an image file' },
    ]);
    const empty = await upload(user.id, new FormData());
    expect(empty.status).toBe(400);
    const json = await h.request('PATCH', '/api/user/avatar', {
      json: { avatar: 'x' },
      headers: identityHeader({ id: user.id }),
    });
    expect(json.status).toBe(400);
    expect(json.body.errors[0].path).toBe('avatar');
  });

  it('is 401 without the gateway identity, even with a session cookie', async () => {
    const user = await newUser();
    const res = await h.request('PATCH', '/api/user/avatar', {
      body: form(await png(), 'me.png', 'image/png'),
      sid: user.sid,
    });
    expect(res.status).toBe(401);
    expect(res.body.statusCode).toBe(401);
    const forged = await h.request('PATCH', '/api/user/avatar', {
      body: form(await png(), 'me.png', 'image/png'),
      headers: identityHeader({ id: user.id }, 'not-the-secret-not-the-secret-0000'),
    });
    expect(forged.status).toBe(401);
  });
});

describe('GET /api/avatars/:file', () => {
  it('is 404 JSON for unknown or malformed names, and 304 for a cached copy', async () => {
    expect((await h.request('GET', '/api/avatars/1-0123456789abcdef.webp')).status).toBe(404);
    expect((await h.request('GET', '/api/avatars/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    const notFound = await h.request('GET', '/api/avatars/whatever.png');
    expect(notFound.status).toBe(404);
    expect(notFound.body.statusCode).toBe(404);

    const user = await newUser();
    const res = await upload(user.id, form(await png(), 'me.png', 'image/png'));
    const first = await fetch(`${h.service.url}${res.body.avatarUrl}`);
    const etag = first.headers.get('etag')!;
    const cached = await fetch(`${h.service.url}${res.body.avatarUrl}`, {
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
  });
});
