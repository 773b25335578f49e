import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); never a downloaded browser build. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Fail at once, naming the install command, when the browser is missing: never a silent skip or pass. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`,
    );
}

/** Launch headless Chromium, or fail loudly: a missing browser must not turn the browser tests into a pass. */
export async function launchBrowser(): Promise<Browser> {
  requireChromium();
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * The browser and what a suite serves to it, started side by side. The browser is checked first, so a missing one
 * fails before anything starts; if either start fails later, the other is closed, so a failed \`before\` hook leaves
 * nothing holding the process open and the test run still ends.
 */
export async function launchWith<T extends { close(): Promise<void> }>(start: () => Promise<T>): Promise<[T, Browser]> {
  requireChromium();
  const [served, browser] = await Promise.allSettled([start(), launchBrowser()]);
  if (served.status === 'fulfilled' && browser.status === 'fulfilled') return [served.value, browser.value];
  if (served.status === 'fulfilled') await served.value.close();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw served.status === 'rejected' ? served.reason : (browser as PromiseRejectedResult).reason;
}

declare global {
  interface Window {
    __pwned: number;
    __answerRenders: number;
  }
}

export type Watched = { page: Page; problems: string[] };

/**
 * A fresh page that records anything that should never happen: script errors, console errors (CSP violations
 * included), dialogs. It also arms the trap hostile documents try to spring (`window.__pwned`) and counts how many
 * times an answer is re-rendered, to tell a streamed answer from one that arrived in one piece.
 */
export async function watchedPage(browser: Browser, url: string): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    window.__pwned = 0;
    window.__answerRenders = 0;
    new MutationObserver((records) => {
      for (const r of records)
        if (r.target instanceof HTMLElement && r.target.classList.contains('answer')) window.__answerRenders++;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  return { page, problems };
}

/** Nothing a hostile document carries ran or became an element. */
export async function injected(page: Page): Promise<{ pwned: number; title: string; imgs: number; scripts: string[] }> {
  return page.evaluate(() => ({
    pwned: window.__pwned,
    title: document.title,
    imgs: document.querySelectorAll('img[onerror], img[src="x"]').length,
    scripts: [...document.scripts].map((s) => s.src).filter((src) => !src.includes('/assets/')),
  }));
}

export const shot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
