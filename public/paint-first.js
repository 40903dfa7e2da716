// The app's script on a signed-in screen whose frame server/ painted (server/spa/area-shell.ts), asked
// for once the frame is on screen: the frame's stylesheet and typefaces come first, alone on the connection.
const app = new URL(import.meta.url).searchParams.get('app');
if (app && /^\/assets\/[\w-]+\.js$/.test(app)) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(app);
  };
  // After the next paint; in a tab opened in the background (no frames), soon anyway.
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 250);
}
