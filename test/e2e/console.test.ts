import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_DIR } from '../../ingest/demo.ts';
import { injected, launchWith, shot, watchedPage } from '../helpers/browser.ts';
import { postJson, startTestServer, type TestServer } from '../helpers/test-server.ts';

process.env.LANCEDB_LOG ??= 'error';

const PAYLOAD = `<script>window.__pwned=1;document.title="pwned"</script>`;
const IMG = `<img src=x onerror="window.__pwned=1;document.title='pwned'">`;
// Plain text: the HTML loader would strip the markup, a text file keeps it as document text.
const HOSTILE = `Markup safety notes.\n\nThe hostile sample reads ${PAYLOAD} and ${IMG} inside a sentence about markup safety.\n`;

type Cite = { n: number; chunk_id: string; text: string; title: string; heading_path: string[] };
// biome-ignore lint/suspicious/noExplicitAny: trace data is read field by field, as the page does
type Rec = { type: string; data: Record<string, any> };

async function demoCorpus(): Promise<Record<string, string>> {
  const files = await readdir(DEMO_DIR).catch(() => []);
  if (files.length === 0) throw new Error(`the demo knowledge base is missing: no files in ${DEMO_DIR}`);
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readFile(join(DEMO_DIR, f), 'utf8')])));
}

describe('web console in headless Chromium', () => {
  let s: TestServer;
  let browser: Browser;
  const trace = async (runId: string): Promise<Rec[]> =>
    (await (await fetch(`${s.url}/v1/traces/${runId}`)).json()).records;

  before(async () => {
    [s, browser] = await launchWith(async () =>
      startTestServer({ sources: { demo: await demoCorpus(), inbox: { 'markup-notes.txt': HOSTILE } } }),
    );
  });
  after(async () => {
    await browser?.close();
    await s?.close();
  });

  test('ask, watch the answer stream in, open a citation in its document, then replay the run', async () => {
    const { page, problems } = await watchedPage(browser, `${s.url}/`);
    await page.locator('#source-list input[value="demo"]').waitFor();
    await page.locator('#source-list input[value="inbox"]').uncheck();
    await page.fill('#question', 'How are citations checked before an answer is returned?');
    await page.press('#question', 'Enter');
    const turn = page.locator('.turn').first();
    await turn.and(page.locator('[data-state="done"]')).waitFor({ timeout: 20_000 });

    // Streamed: the live steps came from the stream's events, and the answer was drawn piece by piece.
    for (const kind of ['rewrite', 'retrieval', 'grade']) assert.ok(await turn.locator(`.step-${kind}`).count(), kind);
    assert.ok((await page.evaluate(() => window.__answerRenders)) > 3, 'the answer was rendered in one piece');
    assert.equal(await turn.locator('.badge-answered').count(), 1);
    const runHref = await turn.locator('a.run-link').getAttribute('href');
    const runId = decodeURIComponent(runHref!.split('/').pop()!);
    const records = await trace(runId);
    const stop = records.find((r) => r.type === 'stop')!.data;
    assert.deepEqual(records[0]!.data.sources, ['demo'], 'only the picked source was searched');
    // The answer on screen is the final answer, each [n] marker a citation button.
    const markers = [...stop.answer.matchAll(/\[(\d+)\]/g)].map((m) => m[1]);
    assert.deepEqual(await turn.locator('.answer button.cite').allTextContents(), markers);
    assert.equal(await turn.locator('.answer').textContent(), stop.answer.replace(/\[(\d+)\]/g, '$1'));

    // A citation opens its chunk between its neighbours, the cited span marked.
    const first: Cite = stop.citations[0];
    await turn.locator(`.answer button.cite[data-n="${first.n}"]`).first().click();
    const mark = page.locator('#evidence mark.cited-span');
    await mark.waitFor();
    assert.equal(await mark.textContent(), first.text);
    const head = (await page.locator('#evidence header').textContent()) ?? '';
    for (const part of [first.title, ...first.heading_path]) assert.ok(head.includes(part), `${part} not in ${head}`);
    assert.ok((await page.locator('#evidence .doc p').count()) >= 2, 'the passage is shown in its document context');
    await shot(page, 'chat-answer-citation');

    // Chips are buttons: the keyboard reaches them, and Enter lands on the passage.
    const last: Cite = stop.citations.at(-1);
    await turn.locator(`.refs button.cite[data-n="${last.n}"]`).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('evidence-title'));
    assert.equal(await mark.textContent(), last.text);

    // The run view: every step of the trace, in order, with what it found and decided.
    await turn.locator('a.run-link').click();
    await page.waitForURL(`**/runs/${runId}`);
    await page.locator('#timeline > li').first().waitFor();
    const types = await page
      .locator('#timeline > li')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type));
    assert.deepEqual(
      types,
      records.map((r) => r.type),
    );
    const rewrite = records.find((r) => r.type === 'rewrite')!.data;
    for (const q of rewrite.queries) assert.ok((await page.locator('.tl-rewrite .queries').textContent())?.includes(q));
    const hits = page.locator('.tl-retrieval .hit');
    assert.ok((await hits.count()) > 0);
    await hits.first().locator('summary').click();
    assert.ok(await hits.first().locator('.hit-text').isVisible());
    assert.ok(await page.locator('.tl-retrieval .hit.is-cited').count(), 'cited chunks are marked among the hits');
    assert.match((await page.locator('.tl-grade .tl-title').first().textContent()) ?? '', /coverage \d+% → \w+/);
    const claims = records.find((r) => r.type === 'verify')!.data.claims as { text: string; supported: boolean }[];
    const shown = await page
      .locator('.tl-verify .claims li')
      .evaluateAll((els) =>
        els.map((e) => ({ ok: e.classList.contains('ok'), text: e.querySelector('.claim-text')?.textContent })),
      );
    assert.deepEqual(
      shown,
      claims.map((c) => ({ ok: c.supported, text: c.text })),
    );
    assert.equal(await page.locator('.tl-stop .tl-title').textContent(), `Stopped: ${stop.reason}`);
    assert.ok((await page.locator('#run-summary').textContent())?.includes(`stop reason: ${stop.reason}`));
    assert.match((await page.locator('.tl-retrieval .tl-meta').first().textContent()) ?? '', /took \d+ ms/);
    assert.match((await page.locator('.tl-grade .tl-meta').first().textContent()) ?? '', /\d+ in \/ \d+ out tokens/);
    await shot(page, 'run-view');
    assert.deepEqual(problems, []);
  });

  test('a document carrying <script> and <img onerror> is shown as text and never runs', async () => {
    const { page, problems } = await watchedPage(browser, `${s.url}/`);
    await page.locator('#source-list input[value="demo"]').uncheck();
    await page.fill('#question', 'What does the hostile sample read about markup safety?');
    await page.click('#ask-button');
    const turn = page.locator('.turn').first();
    await turn.and(page.locator('[data-state="done"]')).waitFor({ timeout: 20_000 });
    assert.ok((await turn.locator('.answer').textContent())?.includes(IMG), 'the answer quotes the markup as text');
    await turn.locator('.answer button.cite').first().click();
    const mark = page.locator('#evidence mark.cited-span');
    await mark.waitFor();
    const cited = await mark.textContent();
    assert.ok(cited?.includes(PAYLOAD) && cited.includes(IMG), cited!);
    assert.ok(await mark.isVisible());
    await shot(page, 'hostile-chat');
    assert.deepEqual(await injected(page), { pwned: 0, title: 'Ask · grounded', imgs: 0, scripts: [] });

    // The run view shows the same text in the retrieved hits.
    await turn.locator('a.run-link').click();
    await page.locator('#timeline > li').first().waitFor();
    await page.click('#expand-all');
    const hit = page.locator('.tl-retrieval .hit-text').filter({ hasText: 'hostile sample' }).first();
    assert.ok(await hit.isVisible());
    assert.ok((await hit.textContent())?.includes(PAYLOAD));
    await shot(page, 'hostile-run');
    const after = await injected(page);
    assert.equal(after.pwned, 0);
    assert.doesNotMatch(after.title, /pwned/);
    assert.equal(after.imgs + after.scripts.length, 0);
    assert.deepEqual(problems, []);
  });

  test('the sources view lists sources and documents, and search shows hostile text as text', async () => {
    const { page, problems } = await watchedPage(browser, `${s.url}/sources`);
    const listed: { sources: { name: string; rows: number; documents: number; embedder: { id: string } }[] } = await (
      await fetch(`${s.url}/v1/sources`)
    ).json();
    for (const src of listed.sources) {
      const card = page.locator(`.source-card[data-source="${src.name}"]`);
      await card.waitFor();
      const text = (await card.locator('.stats').textContent()) ?? '';
      assert.ok(text.includes(`documents${src.documents}`) && text.includes(`chunks${src.rows}`), text);
      assert.ok(text.includes(src.embedder.id), text);
    }
    const demo = listed.sources.find((x) => x.name === 'demo')!;
    await page.locator('.source-card[data-source="demo"] .docs summary').click();
    await page.locator('.source-card[data-source="demo"] .doc-table tbody tr').first().waitFor();
    assert.equal(await page.locator('.source-card[data-source="demo"] .doc-table tbody tr').count(), demo.documents);

    await page.fill('#search-q', 'onerror hostile sample');
    await page.press('#search-q', 'Enter');
    const result = page.locator('.result').filter({ hasText: 'hostile sample' }).first();
    await result.waitFor();
    assert.ok((await result.locator('.result-text').textContent())?.includes(IMG));
    assert.ok(await result.locator('.result-text mark').count(), 'query words are marked');
    assert.match((await page.locator('#search-status').textContent()) ?? '', /\d+ results? in/);
    await shot(page, 'sources-search');
    assert.deepEqual(await injected(page), { pwned: 0, title: 'Sources · grounded', imgs: 0, scripts: [] });
    assert.deepEqual(problems, []);
  });

  test('a guardrail that fired stands out in the run view; an unknown run says so', async () => {
    const r = await (
      await postJson(`${s.url}/v1/query`, {
        question: 'How are citations checked?',
        sources: ['demo'],
        limits: { max_steps: 2 },
      })
    ).json();
    const fired = (await trace(r.run_id)).filter((x) => x.type === 'guardrail');
    assert.ok(fired.length, 'the step limit fired');
    const { page, problems } = await watchedPage(browser, `${s.url}/runs/${r.run_id}`);
    const warn = page.locator('#timeline > li.tl-warn');
    await warn.first().waitFor();
    assert.equal(await warn.count(), fired.length);
    assert.equal(await warn.first().locator('.tl-title').textContent(), `Guardrail fired: ${fired[0]!.data.name}`);
    assert.ok((await page.locator('#run-summary .warn-line').textContent())?.includes(fired[0]!.data.name));
    await shot(page, 'run-guardrail');
    await page.goto(`${s.url}/runs/run_does_not_exist`);
    await page.locator('#run-summary .error').waitFor();
    assert.match((await page.locator('#run-summary .error').textContent()) ?? '', /no trace/);
    assert.deepEqual(
      problems.filter((p) => !p.includes('404')),
      [],
    );
  });
});

describe('web console with API keys', () => {
  let s: TestServer;
  let browser: Browser;
  before(async () => {
    [s, browser] = await launchWith(() =>
      startTestServer({
        sources: { notes: { 'ports.md': '# Ports\n\nThe server listens on port 8787 unless PORT says otherwise.\n' } },
        env: { GROUNDED_API_KEYS: 'console-key' },
      }),
    );
  });
  after(async () => {
    await browser?.close();
    await s?.close();
  });

  test('the page loads without a key, asks for one, and uses it once saved', async () => {
    const { page, problems } = await watchedPage(browser, `${s.url}/`);
    await page.locator('#settings[open]').waitFor();
    assert.match((await page.locator('#settings-status').textContent()) ?? '', /needs an API key/);
    await page.fill('#api-key', 'console-key');
    await page.click('#settings-form button[type="submit"]');
    await page.locator('#source-list input[value="notes"]').waitFor();
    await page.fill('#question', 'Which port does the server listen on?');
    await page.click('#ask-button');
    await page.locator('.turn[data-state="done"] .badge-answered').waitFor({ timeout: 20_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('grounded.apiKey')), 'console-key');
    // Only the first, keyless listing may have failed.
    assert.ok(
      problems.every((p) => p.includes('401')),
      problems.join('\n'),
    );
  });
});
