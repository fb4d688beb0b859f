import { onlineManager } from "@tanstack/react-query";

/**
 * What a route's loader waits for: the queries its page reads, started together, so a visit (or a link's preload on
 * hover or touch) draws the page with its data at once. It never fails: a refused or failed query (a 401 as much as a
 * 500) is the page's to show, with its retry or its signed-out state. Offline it waits for nothing, as a query then
 * waits for the network: the page opens at once and says what needs a connection.
 */
export const waitForPageData = async (...loads: Promise<unknown>[]) => {
  const settled = Promise.allSettled(loads);
  if (onlineManager.isOnline()) await settled;
};
