import { expect, test, waitForPersistedQueries } from './fixtures';

/** The shell: routes, header, themes, narrow screens, keyboard, and axe on every page built. */
const PAGES = [
  { path: '/', heading: 'Floor overview', title: 'Floor overview · Slab Terminal' },
  { path: '/index', heading: /Index/, title: 'Index charts · Slab Terminal' },
  { path: '/movers', heading: /Movers/, title: 'Movers · Slab Terminal' },
  { path: '/sold', heading: /Sold/, title: 'Sold comps · Slab Terminal' },
  { path: '/value', heading: /value/i, title: 'Card value · Slab Terminal' },
  { path: '/collection', heading: 'My collection', title: 'My collection · Slab Terminal' },
  { path: '/docs', heading: 'API docs', title: 'API docs · Slab Terminal' },
  { path: '/settings', heading: 'Settings', title: 'Settings · Slab Terminal' },
] as const;

const pageBackground = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BG = 'rgb(12, 16, 21)';
const LIGHT_BG = 'rgb(244, 246, 248)';

test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('every route has its page and its own document title, and the navigation marks where you are', async ({
  page,
}) => {
  for (const { path, heading, title } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
  // Moving within the app (no reload) sets the title too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Index' }).click();
  await expect(page).toHaveTitle('Index charts · Slab Terminal');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Movers' }).click();
  await expect(page).toHaveURL('/movers');
  await expect(page.getByRole('link', { name: 'Movers' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'No such page' })).toBeVisible();
  await expect(page).toHaveTitle('No such page · Slab Terminal');
});

test('no page reports a CSP violation (zod never probes eval) or logs a console error', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, `CSP violations on ${path}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('the header shows the service status from /v1/ping and the quota from the latest meta', async ({
  page,
  api,
}) => {
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'API online' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Active listings/ })).toBeVisible();
  const { body } = await api<{ meta: { remaining: number } }>('/v1/categories');
  // The page's floor call came just before this read: the meter shows one more than it.
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute(
    'aria-valuetext',
    `pro tier: ${(body.meta.remaining + 1).toLocaleString('en-US')} of 50,000 calls left this month`,
  );
});

test('a 404 keeps the tier badge, even as the first answer of a tab', async ({ page }) => {
  await page.goto('/value?q=zzqxv');
  await expect(page.getByRole('status').filter({ hasText: 'No match' })).toBeVisible();
  const badge = page.locator('.quota-meter .badge');
  await expect(badge).toHaveText('pro');
  await page.goto('/');
  await expect(page.getByRole('table', { name: /Active listings/ })).toBeVisible();
  await page.goto('/sold?q=zzqxw');
  await expect(page.getByRole('status').filter({ hasText: 'No match' })).toBeVisible();
  await expect(badge).toHaveText('pro');
  await expect(page.getByRole('meter', { name: 'Quota' })).toHaveAttribute('aria-valuetext', /^pro tier: /);
});

test('the demo market says so on every page, and the footer does not claim real data', async ({
  page,
  api,
}) => {
  const { body } = await api<{ market?: { synthetic: boolean; note: string } }>('/v1', { key: null });
  expect(body.market?.synthetic, 'the e2e server runs on the demo market').toBe(true);
  for (const path of ['/', '/movers', '/value', '/settings']) {
    await page.goto(path);
    const notice = page.getByRole('complementary', { name: 'Data notice' });
    await expect(notice, path).toContainText('Demo market: synthetic data');
    await expect(notice, path).toHaveAttribute('title', body.market?.note ?? '');
    await expect(notice, `${path}: the notice sits in the window`).toBeInViewport();
  }
  await expect(page.getByRole('contentinfo')).toContainText(
    "Synthetic demo data from the Graded-Card Market Data API's demo generator.",
  );
  await expect(page.getByRole('contentinfo')).not.toContainText('Data from the Graded-Card');
});

test('the notice asks GET /v1 once, without the key, and its arrival shifts no layout', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; at: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        w.__shifts.push({ value: entry.value, at: entry.startTime });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const indexRequests: import('@playwright/test').Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1') indexRequests.push(request);
  });
  // Settings loads no market data, so any layout shift there is the notice's own (the data pages'
  // shifts when their answers arrive are the dashboard issue's to fix).
  await page.goto('/settings');
  await expect(page.getByRole('complementary', { name: 'Data notice' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toHaveLength(1);
  expect(indexRequests[0]?.headers()['x-api-key']).toBeUndefined();
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number }[] }).__shifts);
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.05);

  // Fresh for the day and persisted: a reload shows the notice without asking again.
  await waitForPersistedQueries(page, ['/v1']);
  indexRequests.length = 0;
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Data notice' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toEqual([]);
});

test('a reload revalidates the page and keeps the page CSP (the 304 must not carry the API policy)', async ({
  page,
}) => {
  // A 304 to the page's If-None-Match once carried the API's `default-src 'none'` (its kind was read
  // from a content type a 304 does not have), and the browser applied it to the cached page: blank.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 5000 });
});

test('with the server gone the header turns to "API unreachable" within seconds, and back', async ({
  page,
}) => {
  await page.goto('/settings');
  const status = page.getByRole('status').filter({ hasText: /API (online|unreachable)/ });
  await expect(status).toHaveText('API online');
  // The server stops answering (connection refused), as when it is stopped.
  await page.route(/\/v[13](\/|$)/, (route) => route.abort('connectionrefused'));
  await expect(status).toHaveText('API unreachable', { timeout: 20_000 });
  await page.unroute(/\/v[13](\/|$)/);
  await expect(status).toHaveText('API online', { timeout: 10_000 });
});

test('a page whose code fails to load offers "Try again", which loads it', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.route(/\/assets\/sold-page-[^/]+\.(js|css)$/, (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sold comps' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Unable to preload');
  await page.unroute(/\/assets\/sold-page-[^/]+\.(js|css)$/);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Sold/ })).toBeVisible();
});

test('the theme follows the OS, the toggle overrides it and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await pageBackground(page)).toBe(DARK_BG);
  // The button names the theme a press switches to.
  const toggle = page.getByRole('button', { name: /^(Light|Dark) theme$/ });
  await expect(toggle).toHaveText('☀ Light theme');
  await expect(toggle).toHaveAttribute('title', 'Switch to the light theme');

  await toggle.click();
  await expect(toggle).toHaveText('☾ Dark theme');
  expect(await pageBackground(page)).toBe(LIGHT_BG);
  await page.reload();
  expect(await pageBackground(page)).toBe(LIGHT_BG);

  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Follow the system' }).check();
  expect(await pageBackground(page)).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await pageBackground(page)).toBe(LIGHT_BG);
});

test('at 360 px wide nothing overflows sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/?category=pokemon', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});

test('keyboard: skip link first, visible focus, the key dialog opens and closes with the keyboard', async ({
  page,
}) => {
  await page.goto('/');
  // The app renders in the tasks after the load event (main.tsx): a user tabs once the page is drawn.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  await page.keyboard.press('Tab'); // brand
  await page.keyboard.press('Tab'); // first nav link
  const floorLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Floor' });
  await expect(floorLink).toBeFocused();
  const ring = await floorLink.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(ring).not.toBe('none');

  await page.getByRole('button', { name: /^Key / }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Your API key' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on any page (${scheme})`, async ({ page, checkA11y }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    for (const { path, heading } of [...PAGES, { path: '/?category=pokemon', heading: 'Floor overview' }]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await checkA11y(page, `${path} (${scheme})`);
    }
    await page.goto('/');
    await page.getByRole('button', { name: /^Key / }).click();
    await expect(page.getByRole('dialog', { name: 'Your API key' })).toBeVisible();
    await checkA11y(page, `key dialog (${scheme})`);
  });
}
