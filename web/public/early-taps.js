// The worker sends a visitor's /home already drawn, so a phone shows its buttons before the app's code has loaded
// (docs/decisions/0028-first-feed-in-html.md); React only answers them once it has taken the page over. The last button
// tapped in that time is kept, and tapped again for the player as soon as the app takes the page over. Links need
// nothing: the browser follows them. Mirrors APP_TOOK_OVER in web/src/main.tsx.
(function () {
  var root = document.getElementById("root");
  if (!root || !root.firstElementChild) return;
  var tapped = null;
  function keep(event) {
    var button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.disabled || !root.contains(button)) return;
    tapped = button;
    event.preventDefault();
  }
  document.addEventListener("click", keep, true);
  window.addEventListener(
    "pickstreak:took-over",
    function (event) {
      document.removeEventListener("click", keep, true);
      if (tapped && tapped.isConnected && event.detail && event.detail.hydrated) tapped.click();
      tapped = null;
    },
    { once: true },
  );
})();
