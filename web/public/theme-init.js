// Applied before the app renders so a dark theme never flashes light. Mirrors web/src/lib/theme.ts.
(function () {
  var dark = false;
  try {
    var stored = localStorage.getItem("ui-theme");
    dark = stored === "dark" || (stored === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  } catch {
    dark = false;
  }
  document.documentElement.classList.toggle("dark", dark);
})();
