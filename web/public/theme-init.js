// Applied before the app renders so a dark theme never flashes light, in the page or in the browser's (or the
// installed app's) title bar. Mirrors applyTheme in web/src/lib/theme.ts.
(function () {
  var dark = false;
  try {
    var stored = localStorage.getItem("ui-theme");
    dark = stored === "dark" || (stored === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  } catch {
    dark = false;
  }
  document.documentElement.classList.toggle("dark", dark);
  if (!dark) return;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", "#020617");
  document
    .querySelector('meta[name="apple-mobile-web-app-status-bar-style"]')
    ?.setAttribute("content", "black-translucent");
})();
