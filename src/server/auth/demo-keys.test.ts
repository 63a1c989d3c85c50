import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite/database';
import { KeyStore } from '../store/sqlite/sqlite-keys';
import { clientBucket, DemoKeys } from './demo-keys';

/** Demo-key minting limits (decisions.md, "Demo keys"; issue 29). */
const at = new Date('2026-11-20T12:00:00Z');

function demoKeys(perHour: number, serverPerHour: number) {
  const db = openDatabase(':memory:');
  const keys = new KeyStore(db);
  return { demo: new DemoKeys(keys, perHour, serverPerHour), keys, close: () => db.close() };
}

describe('demo-key minting limits', () => {
  it('limits the whole server: 30 addresses of 10 each get 25 keys in all when the server allows 25', async () => {
    const { demo, keys, close } = demoKeys(10, 25);
    let minted = 0;
    const refusals: string[] = [];
    for (let host = 1; host <= 30; host++) {
      for (let i = 0; i < 10; i++) {
        const result = await demo.mint(`127.0.0.${host}`, at);
        if (result.ok) minted += 1;
        else refusals.push(result.scope);
      }
    }
    expect(minted).toBe(25);
    expect(await keys.count()).toBe(25);
    expect(new Set(refusals)).toEqual(new Set(['server']));
    // the server's bucket refills evenly: 25 an hour is one every 144 s
    const later = new Date(at.getTime() + 144_000);
    expect((await demo.mint('127.0.0.99', later)).ok).toBe(true);
    expect((await demo.mint('127.0.0.98', later)).ok).toBe(false);
    close();
  });

  it('counts an IPv6 address by its /64: other hosts of the same /64 share its limit', async () => {
    const { demo, close } = demoKeys(3, 1000);
    const hosts = [
      '2001:db8:0:1::1',
      '2001:db8:0:1::2',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:db8:0:1:a::9',
    ];
    const results = [];
    for (const host of hosts) results.push((await demo.mint(host, at)).ok);
    expect(results).toEqual([true, true, true, false]);
    // the next /64 has a limit of its own
    expect((await demo.mint('2001:db8:0:2::1', at)).ok).toBe(true);
    close();
  });

  it('clientBucket: IPv4 as is, IPv4-mapped as IPv4, IPv6 by its first four groups', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientBucket('2001:0db8:0000:0001:0000:0000:0000:0001')).toBe('2001:db8:0:1::/64');
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
