import { expect, KEY_STORAGE_NAME, quotaRemaining, test } from './fixtures';

/** The key dialog and key states, against the real server and keys made with the keys command. */
const floorTable = (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: /Active listings by category/ });

const storedKeys = (page: import('@playwright/test').Page) =>
  page.evaluate(
    (name) => ({ session: sessionStorage.getItem(name), local: localStorage.getItem(name) }),
    KEY_STORAGE_NAME,
  );

test('a malformed key is refused with the format hint before any request', async ({ page, apiCalls }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'I have a key' }).click(); // on the front door
  const dialog = page.getByRole('dialog', { name: 'Your API key' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill('slab_live_NOT-A-REAL-KEY');
  await dialog.getByRole('button', { name: 'Save key' }).click();

  await expect(dialog.getByRole('alert')).toContainText('48 lowercase hexadecimal characters');
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveAttribute('aria-invalid', 'true');
  expect(apiCalls.metered()).toEqual([]);
  expect(apiCalls.all().every((request) => !request.url().includes('NOT-A-REAL-KEY'))).toBe(true);
  expect(await storedKeys(page)).toEqual({ session: null, local: null });
});

test('a revoked key shows the server hint and a way back to the key dialog', async ({
  page,
  keys,
  api,
  apiKey,
  useKey,
}) => {
  const revoked = keys.create('free');
  keys.revoke(revoked.id);
  const direct = await api<{ error: string; hint: string }>('/v1/floor', { key: revoked.key });
  expect(direct.status).toBe(401);

  // The server says the key is not recognised or was revoked, and the page says what it said, not
  // the "send your key in the x-api-key header" line of a request without a key.
  expect(direct.body.hint).toMatch(/revoked/);

  await useKey(page, revoked.key);
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'The API key was refused' });
  await expect(alert).toContainText(direct.body.hint);
  await expect(alert).toContainText(direct.body.error);
  await expect(alert).not.toContainText('Send your API key');

  await alert.getByRole('button', { name: 'Enter an API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your API key' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(floorTable(page)).toBeVisible(); // the failed call is retried with the new key
});

test('a well-formed key the server does not know gets its hint, and a way to a demo key', async ({
  page,
  api,
  useKey,
}) => {
  const unknown = `slab_live_${'0'.repeat(48)}`;
  const direct = await api<{ error: string; hint: string }>('/v1/floor', { key: unknown });
  expect(direct.status).toBe(401);
  expect(direct.body.hint).toMatch(/not recognised/);

  await useKey(page, unknown);
  await page.goto('/movers');
  const alert = page.getByRole('alert').filter({ hasText: 'The API key was refused' });
  await expect(alert).toContainText(direct.body.hint);
  await expect(alert.getByRole('button', { name: 'Try it now: demo key' })).toBeVisible();
});

test('the key dialog mints a personal demo key ("Try it now"), stored for this tab with its expiry', async ({
  page,
}) => {
  await page.goto('/movers'); // no key yet
  await page.getByRole('button', { name: 'Add API key' }).click();
  await page
    .getByRole('dialog', { name: 'Your API key' })
    .getByRole('button', { name: 'Try it now: demo key' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Your API key' })).toBeHidden();
  await expect(page.getByTestId('movers-table')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute('aria-valuetext', /^free tier: /);
  const stored = await storedKeys(page);
  expect(stored.local).toMatch(/^slab_live_[0-9a-f]{48}$/);
  expect(stored.session).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('slab.apiKeyExpiresAt'))).toMatch(
    /^\d{4}-\d{2}-\d{2}T/,
  );
});

test('a demo key outlives a browser restart until it expires; the collection comes back with it', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute('aria-valuetext', /^free tier: /);
  const key = (await storedKeys(page)).local;
  expect(key).toMatch(/^slab_live_/);
  // A restart: a new context with the same device storage (localStorage) and no session storage.
  const state = await page.context().storageState();
  const restarted = await browser.newContext({ storageState: state });
  const again = await restarted.newPage();
  await again.goto('/');
  await expect(again.getByRole('button', { name: 'Try it now' })).toBeHidden();
  await expect(again.getByRole('meter', { name: 'Quota' })).toHaveAttribute('aria-valuetext', /^free tier: /);
  expect(await storedKeys(again)).toEqual({ session: null, local: key });
  // Expired: forgotten, and the front door is back.
  await again.evaluate(() => localStorage.setItem('slab.apiKeyExpiresAt', '2020-01-01T00:00:00.000Z'));
  await again.reload();
  await expect(again.getByRole('button', { name: 'Try it now' })).toBeVisible();
  expect(await storedKeys(again)).toEqual({ session: null, local: null });
  await restarted.close();
});

test('the key stays in this tab by default, on the device only when asked, and "Forget key" removes it', async ({
  page,
  apiKey,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add API key' }).click();
  let dialog = page.getByRole('dialog', { name: 'Your API key' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(floorTable(page)).toBeVisible();
  expect(await storedKeys(page)).toEqual({ session: apiKey, local: null });

  await page.getByRole('button', { name: /^Key / }).click();
  dialog = page.getByRole('dialog', { name: 'Your API key' });
  await dialog.getByLabel('Remember on this device').check();
  await dialog.getByRole('button', { name: 'Save key' }).click();
  expect(await storedKeys(page)).toEqual({ session: null, local: apiKey });
  await page.reload();
  await expect(floorTable(page)).toBeVisible();

  await page.getByRole('button', { name: /^Key / }).click();
  await page
    .getByRole('dialog', { name: 'Your API key' })
    .getByRole('button', { name: 'Forget key' })
    .click();
  expect(await storedKeys(page)).toEqual({ session: null, local: null });
  await expect(page.getByRole('button', { name: 'Add API key' })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute(
    'aria-valuetext',
    /No call made yet/,
  );
});

test('a spent quota shows 429 with the date the quota resets', async ({ page, keys, api, useKey }) => {
  test.setTimeout(150_000);
  const free = keys.create('free');
  // Spend the free tier's 1,000 calls on the real server, 25 at a time. Should the server limit the
  // key's rate (429 rate_limited, spends nothing; the test server raises the free rate), such answers
  // are waited out and not counted.
  let remaining = Number.POSITIVE_INFINITY;
  while (remaining > 0) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, remaining === Number.POSITIVE_INFINITY ? 25 : remaining) }, () =>
        api<{ meta?: { remaining: number }; error?: string }>('/v1/categories', { key: free.key }),
      ),
    );
    const counted = batch.flatMap((answer) => (answer.body.meta ? [answer.body.meta.remaining] : []));
    if (counted.length > 0) remaining = Math.min(remaining, ...counted);
    if (batch.some((answer) => answer.body.error === 'rate_limited')) await page.waitForTimeout(1000);
  }
  await page.waitForTimeout(1000); // let the rate bucket refill: the next 429s are the quota's
  const refused = await api<{ error: string; hint: string }>('/v1/floor', { key: free.key });
  expect(refused.status).toBe(429);
  expect(refused.body.error).toBe('quota_exceeded');

  await useKey(page, free.key);
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'The monthly quota is used up' });
  // The hint counts down the seconds to the reset: compare the part before the countdown.
  await expect(alert).toContainText(refused.body.hint.split(', in ')[0] ?? refused.body.hint);
  await expect(alert).toContainText(/Calls are available again on \w{3} \d{1,2}, \d{4}/);
  // The wait is said humanely, never as a count of seconds.
  await expect(alert).toContainText(/, in \d+ (days?|h|min)\b/);
  await expect(alert).not.toContainText(/\d seconds/);
  expect(await quotaRemaining(page)).toBe(0);
  // A 429 names no tier, but its limit does: the header and Settings show it, not a dash.
  const meter = page.getByRole('meter', { name: 'Quota' });
  await expect(meter).toHaveAttribute('aria-valuetext', 'free tier: 0 of 1,000 calls left this month');
  await expect(page.locator('.quota-meter .badge')).toHaveText('free');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('usage-tier')).toHaveText('free');
});
