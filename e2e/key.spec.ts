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
  await page.getByRole('button', { name: 'Enter an API key' }).click();
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

  await useKey(page, revoked.key);
  await page.goto('/');
  const alert = page.getByRole('alert').filter({ hasText: 'The API key was refused' });
  await expect(alert).toContainText(direct.body.hint);
  await expect(alert).toContainText(direct.body.error);

  await alert.getByRole('button', { name: 'Enter an API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your API key' });
  await dialog.getByRole('textbox', { name: 'API key' }).fill(apiKey);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(floorTable(page)).toBeVisible(); // the failed call is retried with the new key
});

test('"Use demo key" takes the demo key the server offers in demo mode', async ({ page, api }) => {
  const demo = await api<{ key: string; tier: string }>('/v1/demo-key', { key: null });
  expect(demo.status).toBe(200);

  await page.goto('/');
  await page.getByRole('button', { name: 'Add API key' }).click();
  await page
    .getByRole('dialog', { name: 'Your API key' })
    .getByRole('button', { name: /Use demo key/ })
    .click();
  await expect(floorTable(page)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute('aria-valuetext', /^free tier: /);
  expect(await storedKeys(page)).toEqual({ session: demo.body.key, local: null });
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
  // Spend the free tier's 1,000 calls on the real server, 25 at a time. The server also limits a
  // free key's rate (429 rate_limited, spends nothing): such answers are waited out and not counted.
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
