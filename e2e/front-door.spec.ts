import { expect, KEY_STORAGE_NAME, test } from './fixtures';

/**
 * The front door (issue 14): a first visit without a key says what the product is and that the
 * market is synthetic, "Try it now" mints a personal demo key (GET /v1/demo-key, a new key on every
 * call) and shows the floor at once; tiers and quotas are one click away. The server limits minting
 * per address (10 an hour), so these tests mint only a few keys; 429 and 404 are faked in the page.
 */
type Page = import('@playwright/test').Page;

const floorTable = (page: Page) => page.getByRole('table', { name: /Active listings by category/ });
const storedKey = (page: Page) =>
  page.evaluate(
    (name) => ({
      key: localStorage.getItem(name) ?? sessionStorage.getItem(name),
      expires: localStorage.getItem(`${name}ExpiresAt`),
      session: sessionStorage.getItem(name),
    }),
    KEY_STORAGE_NAME,
  );

test('a first visit says what Slab Terminal is, and "Try it now" mints a key and shows the floor', async ({
  page,
  api,
}) => {
  const index = await api<{ market?: { synthetic: boolean } }>('/v1', { key: null });
  expect(index.body.market?.synthetic).toBe(true);
  const mints: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/demo-key') mints.push(request.method());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Graded-card market data/);
  await expect(page.getByText(/the floor of every category, a daily index, sold comps/)).toBeVisible();
  await expect(page.getByTestId('front-door-market')).toContainText('synthetic demo market');
  await expect(page).toHaveTitle('Graded-card market data · Slab Terminal');
  // Each thing said once: the demo market, what "Try it now" gives; no word of the API's members.
  await page.getByText('Get a key: tiers, prices and limits').click();
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text.split('not real sales or listings').length - 1).toBe(1);
  expect(text.split('demo key').length - 1, text).toBeLessThanOrEqual(1);
  expect(text).not.toMatch(/plans member/);
  expect(mints, 'nothing is minted before the visitor asks').toEqual([]);

  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(floorTable(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Floor overview');
  expect(mints).toEqual(['GET']);

  const stored = await storedKey(page);
  expect(stored.key).toMatch(/^slab_live_[0-9a-f]{48}$/);
  expect(stored.session, 'a demo key is kept on the device, not only in this tab').toBeNull();
  const expires = new Date(stored.expires ?? '');
  const days = (expires.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  // The key works: the floor answer spent one call of a free key.
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute(
    'aria-valuetext',
    /^free tier: 999 of 1,000/,
  );
  // Its expiry is shown where the key is: the header button and the key dialog.
  const expiryDay = expires.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const keyButton = page.getByRole('button', { name: /^Key / });
  await expect(keyButton).toContainText(`until ${expiryDay}`);
  await keyButton.click();
  const dialog = page.getByRole('dialog', { name: 'Your API key' });
  await expect(dialog.getByTestId('key-tier')).toHaveText('free');
  await expect(dialog.getByTestId('key-expires')).toContainText(expiryDay);
});

test('"Get a key" shows the tiers, prices and limits the server states, one click from the front door', async ({
  page,
  api,
}) => {
  const { body } = await api<{ pricing: string }>('/v1', { key: null });
  await page.goto('/');
  await page.getByText('Get a key: tiers, prices and limits').click();
  const tiers = page.getByRole('table', { name: /^Tiers: price, monthly quota/ });
  await expect(tiers).toBeVisible();
  const stated = [...body.pricing.matchAll(/(\w+): ([\d,]+) calls a month, (\$[\d,.]+) a month/g)];
  expect(stated.map((match) => match[1])).toEqual(['free', 'pro', 'business']);
  for (const [, tier, quota, price] of stated) {
    await expect(tiers.getByRole('row', { name: new RegExp(`^${tier} \\${price} ${quota} `) })).toBeVisible();
  }
  // The test server states a free rate of 1,000/s (e2e/support/test-server.ts), not the default 20/s.
  await expect(
    tiers.getByRole('row', { name: /^free \$0 1,000 1,000 \(1,000\) 200 \(2,000\)$/ }),
  ).toBeVisible();
});

test('every press mints a new key; a forgotten key brings the front door back', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(floorTable(page)).toBeVisible();
  const first = (await storedKey(page)).key;

  await page.getByRole('button', { name: /^Key / }).click();
  await page
    .getByRole('dialog', { name: 'Your API key' })
    .getByRole('button', { name: 'Forget key' })
    .click();
  await expect(page.getByRole('button', { name: 'Try it now' })).toBeVisible();
  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(floorTable(page)).toBeVisible();
  const second = (await storedKey(page)).key;
  expect(second).toMatch(/^slab_live_/);
  expect(second).not.toBe(first);
});

test('when the server will not mint, the front door says why', async ({ page }) => {
  let answer = {
    status: 429,
    body: { error: 'rate_limited', hint: 'Too many demo keys from this address: try again in 1800 seconds.' },
  };
  await page.route('**/v1/demo-key', (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    }),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No more demo keys for now: Too many demo keys from this address: try again in 30 min.',
  );

  answer = { status: 404, body: { error: 'not_found', hint: 'No such endpoint.' } };
  await page.getByRole('button', { name: 'Try it now' }).click();
  await expect(page.getByRole('alert')).toContainText('gives no demo keys');
  expect((await storedKey(page)).key).toBeNull();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`at 390 px the front door and every navigation item fit, axe clean (${scheme})`, async ({
    page,
    checkA11y,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Try it now' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page, `front door at 390 px (${scheme})`);
  });
}

for (const width of [360, 390]) {
  test(`at ${width} px every page of the navigation is visible and reachable`, async ({
    page,
    apiKey,
    useKey,
  }) => {
    await useKey(page, apiKey);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(9);
    for (const link of await links.all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${await link.textContent()} fits`).toBe(true);
    }
    await nav.getByRole('link', { name: 'API docs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API docs' })).toBeVisible();
  });
}
