/**
 * (g) The host answers nobody without its token: the page, its assets, the API and the event
 * stream all refuse a request that carries neither the token cookie nor the bearer header.
 */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

test('401 without the token; the tokened address signs the page in', async ({ host, browser, playwright }, testInfo) => {
  const base = `http://127.0.0.1:${host.port}`;
  const anonymous = await playwright.request.newContext();
  try {
    for (const path of ['/', '/index.html', '/#/overview', '/?token=not-the-token']) {
      const response = await anonymous.get(`${base}${path}`);
      expect(response.status(), `GET ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    const call = await anonymous.post(`${base}/api/call/memories.list`, { data: {} });
    expect(call.status()).toBe(401);
    expect(await call.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect((await anonymous.get(`${base}/api/events`)).status()).toBe(401);
    const wrongBearer = await anonymous.post(`${base}/api/call/app.info`, {
      data: {},
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrongBearer.status()).toBe(401);
    // The same call with the token is answered.
    const signed = await anonymous.post(`${base}/api/call/app.info`, { data: {}, headers: { authorization: `Bearer ${host.token}` } });
    expect(signed.status()).toBe(200);
    expect(await signed.json()).toMatchObject({ ok: true, value: { transport: 'http' } });
  } finally {
    await anonymous.dispose();
  }

  // A browser without the cookie is turned away at the door.
  const stranger = await browser.newContext();
  try {
    const page = await stranger.newPage();
    const response = await page.goto(`${base}/`);
    expect(response?.status()).toBe(401);
    await expect(page.getByText('Open the address mindloom serve printed')).toBeVisible();
    await saveScreenshot(page, testInfo, 'no-token');

    // The tokened address lets it in, leaves an HttpOnly cookie, and drops the token from the address bar.
    await page.goto(host.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    const [cookie] = await stranger.cookies(base);
    expect(cookie).toMatchObject({ name: `mindloom_token_${host.port}`, value: host.token, httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await saveScreenshot(page, testInfo, 'signed-in');
  } finally {
    await stranger.close();
  }
});
