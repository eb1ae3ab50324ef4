import { BlockList, isIP } from 'node:net';

// SCHOOL_NETWORKS (issue 29): the district's own public addresses. Addresses inside them are
// exempt from the per-address ceilings (failed logins, daily registrations), never from the
// per-account counters.
export class SchoolNetworks {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
    this.size = entries.length;
  }

  has(ip: string): boolean {
    if (this.size === 0) return false;
    // An IPv4 client seen on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}
