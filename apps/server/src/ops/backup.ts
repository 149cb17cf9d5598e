// Backups an operator can trust: `npm run backup` writes one directory with everything a practice needs
// back — the database (online and consistent while the server runs: SQLite's backup API, pg_dump's
// snapshot for PostgreSQL), the uploaded files (photos, logos, dish images) and the generated signing
// secret when there is one (without it every session and signed link would die) — plus a manifest.
// `npm run restore <dir>` puts it back (the server stopped). backup.test.ts round-trips every table.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupTarget {
  /** DATA_DIR: the SQLite file (almendra.db), uploads/ and secret.key live here. */
  dataDir: string;
  /** PostgreSQL connection string; absent = the embedded SQLite database in DATA_DIR. */
  databaseUrl?: string | undefined;
}

export interface BackupManifest {
  format: 'almendra-backup/1';
  createdAt: string;
  database: 'sqlite' | 'postgres';
  files: string[];
}

const SQLITE_FILE = 'almendra.db';
const DUMP_FILE = 'database.dump';
const SECRET_FILE = 'secret.key';

function copyTree(from: string, to: string, files: string[], root: string): void {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      copyTree(source, target, files, root);
    } else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      files.push(path.relative(root, target));
    }
  }
}

/** Writes a backup into `destination` (created; must not exist yet) and answers its manifest. */
export async function backup(target: BackupTarget, destination: string, now = new Date()): Promise<BackupManifest> {
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists: choose a new directory for the backup`);
  fs.mkdirSync(destination, { recursive: true });
  const files: string[] = [];
  if (target.databaseUrl) {
    // --format=custom: compressed, restorable table by table; pg_dump reads one consistent snapshot.
    execFileSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(destination, DUMP_FILE), target.databaseUrl], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    files.push(DUMP_FILE);
  } else {
    const source = path.join(target.dataDir, SQLITE_FILE);
    if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
    // The online backup API copies a consistent snapshot while the server keeps writing (WAL included).
    const database = new SQLite(source, { fileMustExist: true });
    try {
      await database.backup(path.join(destination, SQLITE_FILE));
    } finally {
      database.close();
    }
    files.push(SQLITE_FILE);
  }
  copyTree(path.join(target.dataDir, 'uploads'), path.join(destination, 'uploads'), files, destination);
  const secret = path.join(target.dataDir, SECRET_FILE);
  if (fs.existsSync(secret)) {
    fs.copyFileSync(secret, path.join(destination, SECRET_FILE));
    fs.chmodSync(path.join(destination, SECRET_FILE), 0o600);
    files.push(SECRET_FILE);
  }
  const manifest: BackupManifest = {
    format: 'almendra-backup/1',
    createdAt: now.toISOString(),
    database: target.databaseUrl ? 'postgres' : 'sqlite',
    files: files.sort(),
  };
  fs.writeFileSync(path.join(destination, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back into `target` (stop the server first). SQLite: the database file replaces the
 * current one (its -wal/-shm files removed); PostgreSQL: pg_restore --clean into DATABASE_URL. The
 * uploads are copied over (files of the backup win) and the signing secret restored.
 */
export function restore(source: string, target: BackupTarget): BackupManifest {
  const manifestFile = path.join(source, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${source} is not an Almendra backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'almendra-backup/1') throw new Error(`unknown backup format ${String(manifest.format)}`);
  const wanted = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== wanted) throw new Error(`the backup holds a ${manifest.database} database; this server is configured for ${wanted}`);
  fs.mkdirSync(target.dataDir, { recursive: true });
  if (manifest.database === 'postgres') {
    execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--dbname', target.databaseUrl!, path.join(source, DUMP_FILE)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } else {
    const file = path.join(target.dataDir, SQLITE_FILE);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    fs.copyFileSync(path.join(source, SQLITE_FILE), file);
  }
  copyTree(path.join(source, 'uploads'), path.join(target.dataDir, 'uploads'), [], source);
  if (fs.existsSync(path.join(source, SECRET_FILE))) {
    fs.copyFileSync(path.join(source, SECRET_FILE), path.join(target.dataDir, SECRET_FILE));
    fs.chmodSync(path.join(target.dataDir, SECRET_FILE), 0o600);
  }
  return manifest;
}
