import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deployedVersion } from '../src/modules/health/deployed-version.js';

describe('deployedVersion', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is the server version alone without a web build, and changes with the built index.html', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-dist-'));
    dirs.push(dist);
    expect(deployedVersion('0.1.0', dist)).toBe('0.1.0');

    fs.writeFileSync(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-AAAA.js"></script>');
    const first = deployedVersion('0.1.0', dist);
    expect(first).toMatch(/^0\.1\.0\+web\.[0-9a-f]{12}$/);
    expect(deployedVersion('0.1.0', dist)).toBe(first);

    fs.writeFileSync(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-BBBB.js"></script>');
    const second = deployedVersion('0.1.0', dist);
    expect(second).toMatch(/^0\.1\.0\+web\.[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });
});
