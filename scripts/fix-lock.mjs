// Adds the lock-file entries npm leaves out for other platforms' optional binaries (Biome's, say) when
// the registry it resolved against serves only this platform's. Without them `npm ci` calls the lock
// out of sync. Run it (`npm run lock:fix`) after any `npm install` that rewrites package-lock.json;
// `--check` (part of `npm test`) fails instead of writing when an entry is missing.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const PLATFORM =
  /-(android|darwin|linux|win32|freebsd|openbsd|sunos|aix)-(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64)(?:-(musl|gnu|gnueabihf|msvc))?$/;

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM.exec(name);
    const at = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (!match || lock.packages[at] || lock.packages[`node_modules/${name}`]) continue;
    const [, os, cpu, abi] = match;
    const stub = { version, cpu: [cpu] };
    if (entry.dev) stub.dev = true;
    if (abi === 'musl' || abi === 'gnu') stub.libc = [abi === 'gnu' ? 'glibc' : 'musl'];
    Object.assign(stub, { optional: true, os: [os] });
    lock.packages[`node_modules/${name}`] = stub;
    added++;
  }
}
if (process.argv.includes('--check')) {
  if (added) {
    console.error(`✗ package-lock.json lacks ${added} platform entries: run npm run lock:fix`);
    process.exit(1);
  }
  process.exit(0);
}
const keys = Object.keys(lock.packages).filter((k) => k !== '');
const packages = { '': lock.packages[''] };
for (const k of keys.sort((a, b) => a.localeCompare(b, 'en'))) packages[k] = lock.packages[k];
lock.packages = packages;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`fix-lock: added ${added} platform entr${added === 1 ? 'y' : 'ies'}`);
