import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchWith, shot, watchedPage } from '../helpers/browser.ts';
import { tempDir } from '../helpers/temp-db.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

const ADMIN = 'console-admin-key-01';
const READER = 'console-reader-key-01';

declare global {
  interface Window {
    __jobStates: string[];
  }
}

/** Save a key in the console's settings, as a user would. */
async function useKey(page: Page, key: string): Promise<void> {
  if (!(await page.locator('#settings').evaluate((d) => (d as HTMLDetailsElement).open)))
    await page.click('#settings summary');
  await page.fill('#api-key', key);
  await page.click('#settings-form button[type="submit"]');
  await page.click('#settings summary'); // close the panel again
}

/** A page whose browser already holds `key` (saved by an earlier visit). */
async function pageWithKey(browser: Browser, url: string, key: string) {
  const w = await watchedPage(browser, 'about:blank');
  await w.page.addInitScript((k) => localStorage.setItem('grounded.apiKey', k), key);
  await w.page.goto(url);
  return w;
}

describe('console: uploads with progress, deletes, and a reader key', () => {
  let s: TestServer;
  let browser: Browser;
  before(async () => {
    const { dir } = await tempDir();
    const keys = join(dir, 'keys.json');
    await writeFile(
      keys,
      JSON.stringify([
        { key: ADMIN, name: 'root', role: 'admin' },
        { key: READER, name: 'reader-docs', role: 'reader', sources: ['docs'] },
      ]),
    );
    [s, browser] = await launchWith(() =>
      startTestServer({
        sources: {
          docs: { 'guide.md': '# Guide\n\nThe console lists sources and their documents.' },
          secret: { 'hidden.md': '# Hidden\n\nThe vault is at Skerryvore.' },
        },
        env: { GROUNDED_API_KEYS_FILE: keys },
      }),
    );
  });
  after(async () => {
    await browser?.close();
    await s?.close();
  });

  test('an admin uploads by picking and by dropping files, follows each job to its end, and deletes a document', async () => {
    const { page, problems } = await pageWithKey(browser, `${s.url}/sources`, ADMIN);
    await page.addInitScript(() => {
      window.__jobStates = [];
      new MutationObserver((records) => {
        for (const r of records)
          if (r.target instanceof HTMLElement && r.target.classList.contains('job') && r.attributeName === 'data-state')
            window.__jobStates.push(r.target.dataset.state ?? '');
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    });
    await page.reload();
    await page.locator('#who', { hasText: 'Key root: admin of every source' }).waitFor();
    const card = page.locator('.source-card[data-source="docs"]');
    await card.locator('.dropzone').waitFor();

    await card.locator('input[type="file"]').setInputFiles([
      {
        name: 'returns.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Returns\n\nA kettle may be returned within 45 days.'),
      },
      {
        name: 'shipping.html',
        mimeType: 'text/html',
        buffer: Buffer.from('<html><body><h1>Shipping</h1><p>Kettles ship from Leeds.</p></body></html>'),
      },
    ]);
    const job = card.locator('.job[data-state="done"]');
    await job.waitFor({ timeout: 30_000 });
    assert.match((await job.locator('.job-line').textContent()) ?? '', /Done: 2 documents, \d+ chunks written/);
    const states = await page.evaluate(() => window.__jobStates);
    assert.ok(
      states.includes('uploading') && states.some((st) => st === 'queued' || st === 'running'),
      `progress shown: ${states}`,
    );
    assert.equal(await job.locator('progress').evaluate((p) => (p as HTMLProgressElement).value), 2);

    // Dropped on the zone, as a file dragged from the desktop arrives.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(
        new File(['# Dropped\n\nThe dropped note mentions descaling.'], 'dropped.md', { type: 'text/markdown' }),
      );
      const zone = document.querySelector('.source-card[data-source="docs"] .dropzone')!;
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    const dropped = page.locator('.source-card[data-source="docs"] .job[data-state="done"]');
    await dropped.locator('.job-line', { hasText: 'Done: 1 document' }).waitFor({ timeout: 30_000 });
    await shot(page, 'console-upload-done');

    const docs = page.locator('.source-card[data-source="docs"] details.docs');
    await docs.locator('summary', { hasText: 'Documents (4)' }).click();
    const row = docs.locator('tr', { hasText: 'dropped.md' });
    await row.waitFor();
    await row.locator('button', { hasText: 'Delete' }).click();
    await row.locator('button', { hasText: 'Confirm' }).click();
    await page.locator('#notice', { hasText: 'Deleted dropped.md from docs.' }).waitFor();
    const listed = (await (
      await fetch(`${s.url}/v1/sources/docs/documents`, { headers: { authorization: `Bearer ${ADMIN}` } })
    ).json()) as { documents: { doc_id: string }[] };
    assert.deepEqual(listed.documents.map((d) => d.doc_id).sort(), ['guide.md', 'returns.md', 'shipping.html']);
    assert.deepEqual(problems, []);
  });

  test('a reader key sees only its source: no other source, no upload or delete, nothing of it in search', async () => {
    const { page, problems } = await pageWithKey(browser, `${s.url}/sources`, ADMIN);
    await page.locator('.source-card[data-source="secret"]').waitFor();
    await useKey(page, READER);
    await page.locator('#who', { hasText: 'Key reader-docs: reader of docs' }).waitFor();
    await page.locator('.source-card[data-source="secret"]').waitFor({ state: 'detached' });
    await page.locator('.source-card[data-source="docs"]').waitFor();
    assert.deepEqual(
      await page.locator('.source-card').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.source)),
      ['docs'],
    );
    assert.equal(await page.locator('.dropzone').count(), 0);
    assert.equal(await page.locator('button.danger').count(), 0);
    assert.equal(await page.locator('form.new-source').count(), 0);
    assert.deepEqual(await page.locator('#search-source option').allTextContents(), ['all sources', 'docs']);

    await page.fill('#search-q', 'vault Skerryvore');
    await page.click('#search button[type="submit"]');
    await page.locator('#search-status', { hasText: 'result' }).waitFor();
    assert.doesNotMatch((await page.locator('#results').textContent()) ?? '', /Skerryvore|hidden\.md/);
    assert.doesNotMatch(await page.content(), /secret|Skerryvore/);
    await shot(page, 'console-reader-key');
    assert.deepEqual(problems, []);
  });
});
