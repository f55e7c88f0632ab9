// Browser tests use Debian's Chromium; no test tool may download a browser of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isDebian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
  const isRoot = process.getuid?.() === 0;
  if (!isDebian) {
    console.error(`Chromium not found at ${CHROMIUM}. Install Chromium and set CHROMIUM_PATH to its binary.`);
    process.exit(1);
  }
  const sudo = isRoot ? '' : 'sudo ';
  console.log(`Chromium not found at ${CHROMIUM}: installing Debian's chromium package...`);
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
  } catch {
    console.error(`Could not install chromium. Run: ${sudo}apt-get install chromium`);
    process.exit(1);
  }
}
