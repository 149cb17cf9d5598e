#!/usr/bin/env node
// Runs before the tests: Playwright drives Debian's Chromium (never a downloaded browser), and without it
// Playwright fails deep inside a launch with an error that does not say what to install. Checks
// CHROMIUM_PATH (default /usr/bin/chromium) exists, is executable and answers --version; and that
// poppler's pdftotext, pdfimages and pdftoppm are there (the PDF tests read what a patient would read).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const fromEnv = Boolean(process.env.CHROMIUM_PATH);

function fail(reason) {
  const lines = [
    '',
    `✗ The browser tests need Chromium, but ${reason}.`,
    '',
    '  On Debian, install it (as root, or with sudo) with:',
    '',
    '      apt-get install -y chromium',
    '',
    fromEnv
      ? `  CHROMIUM_PATH is set to ${chromium}: point it at a working Chromium binary, or unset it to use /usr/bin/chromium.`
      : '  Or set CHROMIUM_PATH to another Chromium binary.',
    '',
  ];
  console.error(lines.join('\n'));
  process.exit(1);
}

try {
  fs.accessSync(chromium, fs.constants.X_OK);
} catch (error) {
  fail(error.code === 'ENOENT' ? `${chromium} does not exist` : `${chromium} is not executable (${error.code})`);
}

try {
  const version = execFileSync(chromium, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  console.log(`Chromium for the browser tests: ${chromium} (${version})`);
} catch (error) {
  fail(`${chromium} did not run (${(error.stderr || error.message || '').toString().trim().split('\n')[0]})`);
}

const popplerMissing = ['pdftotext', 'pdfimages', 'pdftoppm'].filter((tool) => !fs.existsSync(`/usr/bin/${tool}`));
if (popplerMissing.length) {
  console.error(
    ['', `✗ The PDF tests need ${popplerMissing.join(', ')} (Debian's poppler-utils). Install it with:`, '', '      apt-get install -y poppler-utils', ''].join('\n'),
  );
  process.exit(1);
}
