import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compareMetrics } from '../../evals/report/compare.ts';
import { checkThresholds } from '../../evals/report/thresholds.ts';
import { writeReport } from '../../evals/report/write-report.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { sampleReport } from './report-fixture.ts';

const tmp = () => mkdtemp(join(tmpdir(), 'report-'));
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

describe('report writer', () => {
  test('writes report.json with a top-level metrics object, report.md and report.html', async () => {
    const dir = await tmp();
    const out = await writeReport(dir, sampleReport());
    const json = JSON.parse(await readFile(out.json, 'utf8'));
    assert.equal(json.metrics['ndcg@10'], 0.86);
    assert.deepEqual(Object.keys(json.baselines), ['single-shot', 'no-retrieval']);
    assert.equal(json.items.length, 3);
    const md = await readFile(out.markdown, 'utf8');
    assert.match(md, /\| metric \| value \| single-shot \| no-retrieval \|/);
    assert.match(md, /\| ndcg@10 \| 0\.860 \| 0\.820 \| – \|/);
    assert.match(md, /The agent does not beat single-shot on faithfulness \(0\.740 vs 0\.780\)\./);
    assert.ok(
      md.indexOf('**q1**') < md.indexOf('**q3**') && md.indexOf('**q3**') < md.indexOf('**q2**'),
      'worst items first',
    );
  });

  test('escapes every dataset and model string in the HTML', async () => {
    const dir = await tmp();
    const html = await readFile((await writeReport(dir, sampleReport())).html, 'utf8');
    assert.ok(!html.includes('<script>'), 'no raw script tag');
    assert.ok(!html.includes('<img'), 'no raw img tag');
    assert.ok(!html.includes('<b>reduces'), 'passage markup escaped');
    assert.ok(html.includes('&lt;script&gt;window.__xss = 1&lt;/script&gt;'));
    assert.ok(html.includes('yes &amp; no'));
    assert.ok(
      !/https?:\/\//.test(html.replaceAll('http://www.w3.org/2000/svg', '')),
      'nothing loaded from the network',
    );
  });

  test('--compare marks regressions in every format', async () => {
    const dir = await tmp();
    const old = await writeReport(
      join(dir, 'old'),
      sampleReport({ metrics: { ...sampleReport().metrics, faithfulness: 0.8, latency_p50_ms: 500 } }),
    );
    const out = await writeReport(join(dir, 'new'), sampleReport(), { compare: old.json });
    assert.deepEqual(
      out.regressions.map((r) => r.metric),
      ['faithfulness'],
    );
    assert.match(await readFile(out.markdown, 'utf8'), /\*\*faithfulness\*\*: 0\.800 → 0\.740/);
    assert.match(await readFile(out.html, 'utf8'), /<tr class="regressed"><td>faithfulness<\/td>/);
  });

  test('compareMetrics: direction-aware, with a tolerance', () => {
    const changes = compareMetrics(
      { faithfulness: 0.7, 'ndcg@10': 0.861, latency_p50_ms: 130 },
      { faithfulness: 0.8, 'ndcg@10': 0.86, latency_p50_ms: 100 },
    );
    const by = Object.fromEntries(changes.map((c) => [c.metric, c.regressed]));
    assert.deepEqual(by, { faithfulness: true, 'ndcg@10': false, latency_p50_ms: true });
  });

  test('checkThresholds: minimums, maximums, and missing metrics fail', () => {
    const failures = checkThresholds(
      { faithfulness: 0.5, latency_p95_ms: 2000, 'ndcg@10': 0.9 },
      {
        faithfulness: 0.6,
        latency_p95_ms: { max: 1500 },
        'ndcg@10': { min: 0.86 },
        citation_recall: 0.5,
      },
    );
    assert.deepEqual(
      failures.map((f) => f.message),
      [
        'faithfulness = 0.5000 is below the minimum 0.6',
        'latency_p95_ms = 2000.0000 is above the maximum 1500',
        'citation_recall: not in the report',
      ],
    );
  });

  test('the HTML report renders its charts in headless Chromium (screenshot in test-artifacts/)', async () => {
    const dir = await tmp();
    const { html } = await writeReport(dir, sampleReport());
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const requests: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      await page.goto(`file://${html}`);
      assert.equal(await page.locator('svg.chart').count(), 2);
      assert.ok((await page.locator('svg.chart rect.bar').count()) >= 10, 'metric bars drawn');
      assert.equal(await page.locator('svg.chart rect.bin').count(), 10);
      const box = await page.locator('svg.chart').first().boundingBox();
      assert.ok(box && box.width > 300 && box.height > 200, 'chart laid out with a size');
      assert.equal(
        await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
        undefined,
        'no injected script ran',
      );
      assert.equal(await page.locator('details').count(), 3);
      assert.deepEqual(requests, []);
      await mkdir(ARTIFACTS, { recursive: true });
      await page.locator('details').first().click();
      await page.screenshot({ path: join(ARTIFACTS, 'eval-report.png'), fullPage: true });
      assert.ok(existsSync(join(ARTIFACTS, 'eval-report.png')));
    } finally {
      await browser.close();
    }
  });
});
