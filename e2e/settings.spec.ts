import { expect, test } from './fixtures';

/** /settings: usage of this session, the API reference from /v1/openapi.json, the server address. */
test.beforeEach(async ({ page, apiKey, useKey }) => {
  await useKey(page, apiKey);
});

test('the usage panel counts the calls this session spent, and not the cached ones', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('table', { name: /Active listings/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).selectOption('golf');
  await expect(page.getByRole('table', { name: /Labels of golf/ })).toBeVisible();
  await page.getByRole('link', { name: 'Floor', exact: true }).click(); // cached: no call
  await page.getByRole('link', { name: 'Settings' }).click();

  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage.getByTestId('calls-this-session')).toHaveText('2');
  await expect(usage).toContainText('pro');
  await expect(usage).toContainText('of 50,000');
});

test('the API reference lists every operation of the server OpenAPI description', async ({ page, api }) => {
  const { body } = await api<{ paths: Record<string, Record<string, unknown>> }>('/v1/openapi.json', {
    key: null,
  });
  await page.goto('/settings');
  const reference = page.getByRole('region', { name: 'API reference' });
  await expect(reference.locator('.reference-list__op')).toHaveCount(
    Object.values(body.paths).reduce(
      (sum, item) => sum + Object.keys(item).filter((m) => m === 'get').length,
      0,
    ),
  );
  for (const path of ['/v1/floor', '/v1/categories', '/v3/value']) {
    await expect(reference.getByText(path, { exact: true })).toBeVisible();
  }
});

test('a base URL that is not http(s) is refused; an unreachable server shows the network panel', async ({
  page,
}) => {
  await page.goto('/settings');
  const field = page.getByLabel('API base URL');
  await field.fill('ftp://example.com');
  await page.getByRole('button', { name: 'Use this server' }).click();
  await expect(page.getByRole('alert')).toContainText('http(s) address');

  await field.fill('http://127.0.0.1:9'); // nothing listens on the discard port
  await page.getByRole('button', { name: 'Use this server' }).click();
  await page.getByRole('link', { name: 'Floor', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The API cannot be reached' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'API unreachable' })).toBeVisible();
});
