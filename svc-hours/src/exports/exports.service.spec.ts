import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it, jest } from '@jest/globals';
import type { ExportsRepository, OpenExport } from './exports.repository';
import { ExportsService } from './exports.service';

function setup(rows: Readable) {
  const release = jest.fn();
  const exportsRepo = {
    open: jest.fn(async () => ({ rows, release }) as unknown as OpenExport),
  };
  const sut = new ExportsService(
    exportsRepo as unknown as Pick<ExportsRepository, 'open'> as ExportsRepository,
  );
  return { sut, release, exportsRepo };
}

describe(ExportsService.name, () => {
  it('writes the rows as spreadsheet-safe CSV and gives the connection back at the end', async () => {
    const { sut, release } = setup(
      Readable.from([
        { id: 2, date: '2025-03-01', student: 'José Müller', hours: '1.5', description: '=1+2' },
      ]),
    );
    const bytes = await buffer(await sut.open({ behindGoal: false }));
    // The UTF-8 byte order mark first, so that Excel reads the names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv).toContain('Entry,Date,Student,');
    expect(csv).toContain('José Müller');
    // A formula is written as text, never run by the spreadsheet.
    expect(csv).toContain("'=1+2");
    expect(csv).toContain('\r\n');
    expect(release).toHaveBeenCalled();
  });

  it('gives the connection back when the client goes away mid-download', async () => {
    const { sut, release } = setup(new Readable({ objectMode: true, read() {} }));
    const csv = await sut.open({ behindGoal: false });
    csv.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(release).toHaveBeenCalled();
  });
});
