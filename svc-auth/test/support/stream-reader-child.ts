// Runs in a child process (node --experimental-strip-types is default in Node 24) so the test
// process that hosts svc-auth measures the service's memory, not the client's.
// argv: url, then headers as JSON. Prints {status, headers, bytes, records, sawSecret, head, tail}.
const [url, headersJson] = process.argv.slice(2);
const idKey = Buffer.from('"id":');
const secrets = [Buffer.from('password'), Buffer.from('argon2')];

async function main(): Promise<void> {
  const res = await fetch(url, { headers: JSON.parse(headersJson) as Record<string, string> });
  let records = 0;
  let bytes = 0;
  let carry = Buffer.alloc(0);
  let head = '';
  let sawSecret = false;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (head === '') head = Buffer.from(chunk.subarray(0, 8)).toString('utf8');
    // The previous chunk's end goes first so a key split across chunks still counts, once.
    const data = Buffer.concat([carry, chunk]);
    for (let i = data.indexOf(idKey); i !== -1; i = data.indexOf(idKey, i + 1))
      if (i + idKey.length > carry.length) records++;
    if (secrets.some((word) => data.includes(word))) sawSecret = true;
    carry = Buffer.from(data.subarray(Math.max(0, data.length - 16)));
  }
  process.stdout.write(
    JSON.stringify({
      status: res.status,
      headers: Object.fromEntries(res.headers),
      bytes,
      records,
      sawSecret,
      head,
      tail: carry.toString('utf8'),
    }),
  );
}

void main();
