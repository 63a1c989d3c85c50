import { BILLING_RULE } from '../src/contract/billing';
import { expect, test } from './fixtures';

/** /settings: usage of this session, the server address (the API reference is /docs: api-docs.spec.ts). */
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
  await expect(usage).toContainText(BILLING_RULE);
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
