/** Plain DOM on purpose: it must work when React itself failed to start. */
export const renderBootFailure = (container: HTMLElement) => {
  const wrapper = document.createElement("div");
  wrapper.setAttribute("role", "alert");
  wrapper.style.cssText =
    "max-width:28rem;margin:4rem auto;padding:0 1.5rem;text-align:center;font-family:system-ui,sans-serif";
  const title = document.createElement("h1");
  title.textContent = "Pickstreak could not start";
  title.style.cssText = "font-size:1.5rem;font-weight:700";
  const text = document.createElement("p");
  text.textContent = "Please check your connection and reload the page.";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload Page";
  button.style.cssText =
    "margin-top:1rem;padding:.5rem 1rem;border-radius:.5rem;background:#15803d;color:#fff;font-weight:600";
  button.addEventListener("click", () => window.location.reload());
  wrapper.append(title, text, button);
  container.replaceChildren(wrapper);
};
