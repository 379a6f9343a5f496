// Debian's Chromium, headless, for the browser tests: the flags keep it off this machine's closed
// network (without them it retries Google's hosts at every start). CHROMIUM names another binary.
import { chromium } from 'playwright-core';

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
