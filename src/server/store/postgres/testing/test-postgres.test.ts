import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-postgres';

describe('test PostgreSQL', () => {
  it('gives each caller a fresh database of its own, dropped afterwards', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(a.url).not.toBe(b.url);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    const { rows } = await client.query('SELECT current_database() AS name');
    await client.end();
    expect(a.url.endsWith(`/${rows[0].name}`)).toBe(true);
    await Promise.all([a.drop(), b.drop()]);
    const again = new pg.Client({ connectionString: a.url });
    await expect(again.connect()).rejects.toThrow(/does not exist/);
  });
});
