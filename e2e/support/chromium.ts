// How every browser of the project starts: Debian's Chromium (never a downloaded one), with nothing running in the
// background that could reach the network or skew a measurement.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
