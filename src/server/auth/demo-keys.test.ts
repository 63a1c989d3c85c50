import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite/database';
import { KeyStore } from '../store/sqlite/sqlite-keys';
import { clientBucket, networkBucket } from './client-address';
import { type DemoKeyLimits, DemoKeys } from './demo-keys';

/** Demo-key minting limits (decisions.md, "Demo keys"). */
const at = new Date('2026-11-20T12:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const HOUR = 3_600_000;

function demoKeys(limits: Partial<DemoKeyLimits> = {}) {
  const db = openDatabase(':memory:');
  const keys = new KeyStore(db);
  return { demo: new DemoKeys(keys, limits), keys, close: () => db.close() };
}

describe('demo-key minting limits', () => {
  it('20 addresses of one /24 minting as fast as they can get 30 keys; a visitor from another network still gets one', async () => {
    const { demo, keys, close } = demoKeys();
    const attempts = [];
    for (let round = 0; round < 12; round++)
      for (let host = 1; host <= 20; host++) attempts.push(demo.mint(`198.51.100.${host}`, at));
    const results = await Promise.all(attempts);
    const minted = results.filter((result) => result.ok).length;
    expect(minted).toBe(30);
    const refusals = results.flatMap((result) => (result.ok ? [] : [result]));
    expect(new Set(refusals.map((refusal) => refusal.scope))).toEqual(new Set(['network']));
    expect(refusals[0]).toMatchObject({ limit: 30, network: '198.51.100.0/24' });
    // 30 an hour comes back one every 120 s.
    expect(refusals[0]?.ok === false && refusals[0].waitMs).toBe(120_000);
    const visitor = await demo.mint('203.0.113.50', at);
    expect(visitor.ok).toBe(true);
    expect(await keys.count()).toBe(31);
    close();
  });

  it('an address: 10 an hour, 20 a day; the refusal names the limit whose token comes back last', async () => {
    const { demo, close } = demoKeys();
    const mintAll = async (when: Date, times: number) => {
      const results = [];
      for (let i = 0; i < times; i++) results.push(await demo.mint('203.0.113.7', when));
      return results;
    };
    const first = await mintAll(at, 11);
    expect(first.filter((result) => result.ok)).toHaveLength(10);
    expect(first[10]).toMatchObject({ ok: false, scope: 'address', limit: 10, waitMs: 360_000 });
    // An hour later the hour's bucket is full again; the day's holds 10 + 3,600 / 4,320 = 10.83.
    const second = await mintAll(later(HOUR), 11);
    expect(second.filter((result) => result.ok)).toHaveLength(10);
    expect(second[10]).toMatchObject({ ok: false, scope: 'address-day', limit: 20 });
    // 20 a day is one every 4,320 s: by the second hour 1.67 tokens, so one key, then a wait of
    // (1 - 0.67) x 4,320 s for the day's bucket while the hour's still holds 9.
    const third = await mintAll(later(2 * HOUR), 2);
    expect(third[0]?.ok).toBe(true);
    expect(third[1]).toMatchObject({ ok: false, scope: 'address-day' });
    const wait = third[1]?.ok === false ? third[1].waitMs : 0;
    expect(Math.round(wait / 1000)).toBe(1440);
    close();
  });

  it('counts an IPv6 address by its /64 and its network by its /48', async () => {
    const { demo, close } = demoKeys({ perHour: 3, networkPerHour: 5 });
    const results = [];
    for (const host of ['2001:db8:0:1::1', '2001:db8:0:1::2', '2001:db8:0:1:ffff::9', '2001:db8:0:1:a::9'])
      results.push((await demo.mint(host, at)).ok);
    expect(results).toEqual([true, true, true, false]);
    // Another /64 of the same /48: two more, then the network is spent.
    expect((await demo.mint('2001:db8:0:2::1', at)).ok).toBe(true);
    expect((await demo.mint('2001:db8:0:3::1', at)).ok).toBe(true);
    expect(await demo.mint('2001:db8:0:4::1', at)).toMatchObject({
      ok: false,
      scope: 'network',
      network: '2001:db8:0::/48',
    });
    expect((await demo.mint('2001:db8:1:1::1', at)).ok).toBe(true);
    close();
  });

  it('limits the whole server; a refused mint takes no token from the other limits', async () => {
    const { demo, keys, close } = demoKeys({ serverPerHour: 25 });
    let minted = 0;
    for (let net = 1; net <= 30; net++) if ((await demo.mint(`10.0.${net}.1`, at)).ok) minted += 1;
    expect(minted).toBe(25);
    expect(await keys.count()).toBe(25);
    expect(await demo.mint('10.0.99.1', at)).toMatchObject({
      ok: false,
      scope: 'server',
      limit: 25,
      waitMs: 144_000,
    });
    // 10.0.99.1 was refused by the server only: its own buckets are still full.
    const whenFree = later(144_000);
    expect((await demo.mint('10.0.99.1', whenFree)).ok).toBe(true);
    close();
  });

  it('removes the keys that have expired when it mints', async () => {
    const { demo, keys, close } = demoKeys();
    expect((await demo.mint('203.0.113.1', at)).ok).toBe(true);
    expect((await demo.mint('203.0.113.2', at)).ok).toBe(true);
    expect(await keys.count()).toBe(2);
    expect((await demo.mint('203.0.113.3', later(7 * 24 * HOUR + 1))).ok).toBe(true);
    expect(await keys.count()).toBe(1);
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
    expect(clientBucket('local')).toBe('local');
  });

  it('networkBucket: IPv4 by its /24, IPv6 by its /48', () => {
    expect(networkBucket('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBucket('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkBucket('2001:0db8:00ab:0001::1')).toBe('2001:db8:ab::/48');
    expect(networkBucket('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkBucket('local')).toBe('local');
  });
});
