import { describe, expect, it, jest } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { ListCache, type ListCacheSignal, type ListLoad } from './list-cache';
import { listEtag, listEtagMatches, sendCachedList } from './list-response';

class FakeSignal implements ListCacheSignal {
  live = true;
  private listener?: () => void;
  subscribe(changed: () => void) {
    this.listener = changed;
    return () => (this.listener = undefined);
  }
  change() {
    this.listener?.();
  }
}

const text = (list: { gzip: Buffer }) => gunzipSync(list.gzip).toString();

const loader = (value: unknown, version?: bigint) =>
  jest.fn(async (): Promise<ListLoad> => ({ version, value }));

describe(ListCache.name, () => {
  it('encodes and compresses a list once, tagged by its bytes', async () => {
    const sut = new ListCache({ name: 'posts' });
    const load = loader([{ id: 1 }], 3n);
    const first = await sut.read('approved', load, 3n);
    const second = await sut.read('approved', load, 3n);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(text(first)).toBe('[{"id":1}]');
    expect(first.etag).toMatch(/^"posts-approved-[\w-]{27}"$/);
    // Equal bytes, equal tag: on another replica or after a restart too.
    const other = await new ListCache({ name: 'posts' }).read('approved', loader([{ id: 1 }]));
    expect(other.etag).toBe(first.etag);
    // Another kind of reader never shares a tag; a key stays a valid ETag character string.
    const author = await sut.read('author: "7"', loader([{ id: 1 }]));
    expect(author.etag).toMatch(/^"posts-author:__7_-[\w-]{27}"$/);
  });

  it('rebuilds an entry older than the version the caller read', async () => {
    const sut = new ListCache({ name: 'posts' });
    await sut.read('approved', loader([1], 3n), 3n);
    const newer = await sut.read('approved', loader([1, 2], 4n), 4n);
    expect(text(newer)).toBe('[1,2]');
    expect((await sut.read('approved', loader([9], 9n), 4n)).version).toBe(4n);
  });

  it('builds once for concurrent callers', async () => {
    const sut = new ListCache({ name: 'posts' });
    const load = loader([1], 1n);
    const [a, b] = await Promise.all([sut.read('k', load, 1n), sut.read('k', load, 1n)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops the least recently used entry beyond maxEntries', async () => {
    const sut = new ListCache({ name: 'posts', maxEntries: 2 });
    await sut.read('a', loader(['a']));
    await sut.read('b', loader(['b']));
    await sut.read('a', loader(['a2']));
    await sut.read('c', loader(['c']));
    expect(sut.size).toBe(2);
    // "a" was used after "b": "b" went.
    expect(text(await sut.read('a', loader(['a3'])))).toBe('["a"]');
    const load = loader(['b2']);
    await sut.read('b', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('under a signal: drops every entry on a change, and stores nothing while the signal is down', async () => {
    const signal = new FakeSignal();
    const sut = new ListCache({ name: 'opportunities', signal });
    await sut.read('k', loader([1]));
    signal.change();
    expect(sut.size).toBe(0);
    expect(text(await sut.read('k', loader([2])))).toBe('[2]');

    signal.live = false;
    const load = loader([3]);
    await sut.read('other', load);
    await sut.read('other', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not store a list read before a change signal', async () => {
    const signal = new FakeSignal();
    const sut = new ListCache({ name: 'opportunities', signal });
    let release!: () => void;
    const slow = jest.fn(
      () => new Promise<ListLoad>((resolve) => (release = () => resolve({ value: ['old'] }))),
    );
    const reading = sut.read('k', slow);
    await Promise.resolve();
    signal.change();
    release();
    expect(text(await reading)).toBe('["old"]');
    expect(sut.size).toBe(0);
  });
});

describe('list responses', () => {
  const list = async () => new ListCache({ name: 'posts' }).read('k', loader([{ id: 1 }]));
  const reply = () => {
    const headers: Record<string, string> = {};
    const sent = { code: 200 };
    return {
      headers,
      sent,
      header: (name: string, value: string) => (headers[name] = value),
      status: (code: number) => (sent.code = code),
    };
  };

  it('sends the gzip bytes to a client that accepts them, else the JSON, each with its tag', async () => {
    const cached = await list();
    const zipped = reply();
    expect(
      await sendCachedList({ headers: { 'accept-encoding': 'gzip, br' } }, zipped, cached),
    ).toBe(cached.gzip);
    expect(zipped.headers).toMatchObject({
      'content-encoding': 'gzip',
      etag: listEtag(cached, true),
      vary: 'accept-encoding',
      'cache-control': 'private, no-cache',
    });
    const plain = reply();
    const json = await sendCachedList(
      { headers: { 'accept-encoding': 'gzip;q=0' } },
      plain,
      cached,
    );
    expect(json?.toString()).toBe('[{"id":1}]');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(cached.etag);
    expect(cached.etag).not.toBe(listEtag(cached, true));
  });

  it('answers 304 to either representation’s tag, weak or strong, and to "*"', async () => {
    const cached = await list();
    for (const tag of [cached.etag, listEtag(cached, true), `W/${cached.etag}`, '*']) {
      const r = reply();
      const body = await sendCachedList({ headers: { 'if-none-match': `"x", ${tag}` } }, r, cached);
      expect(body).toBeUndefined();
      expect(r.sent.code).toBe(304);
    }
    expect(listEtagMatches('"posts-other"', cached)).toBe(false);
    expect(listEtagMatches(undefined, cached)).toBe(false);
  });

  it('serves the kept JSON itself to a client without gzip, and names what else the answer varies on', async () => {
    const kept = await new ListCache({ name: 'opportunities', keepJson: true }).read(
      'all',
      loader([{ id: 2 }]),
    );
    const r = reply();
    const body = await sendCachedList({ headers: {} }, r, kept, {
      vary: 'Accept-Encoding, Cookie',
    });
    expect(body).toBe(kept.json);
    expect(body?.toString()).toBe('[{"id":2}]');
    expect(r.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(listEtagMatches(`W/${listEtag(kept, true)}`, kept)).toBe(true);
    expect(listEtagMatches('"opportunities-all-abc", "abc.gz"', kept)).toBe(false);
  });
});
