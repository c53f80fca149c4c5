import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium, which `.ci/run` installs: no browser download works here. */
const CHROMIUM = '/usr/bin/chromium';

/** A headless chromium for a spec's pages (close it in the spec's `after`). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}
